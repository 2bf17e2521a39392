import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';

/**
 * Who works in one project: the organisation's users assigned to it and the role of each. The
 * users themselves are the organisation's (`service.organisation.users`); their roles are the
 * project's, so they go with the project when it is deleted and come back with its snapshots.
 */
export class ProjectMemberStore {
  /** The role of each user assigned, by user id, in the order they joined. */
  readonly #roles: TrackedMap<string, string>;

  /** @param context - The project's tracked state. */
  constructor(context: ServiceContext) {
    this.#roles = context.tracked.map();
  }

  /** The user's role in the project, or undefined when they are not assigned to it. */
  roleOf(userId: string): string | undefined {
    return this.#roles.get(userId);
  }

  /** The ids of the users assigned, in the order they joined. */
  userIds(): string[] {
    return [...this.#roles.keys()];
  }

  /**
   * Assigns a user with a role, or gives a user assigned already another role (they keep their
   * place in the order).
   */
  assign(userId: string, role: string): void {
    this.#roles.set(userId, role);
  }

  /** Takes the user out of the project. @returns Whether they were assigned. */
  unassign(userId: string): boolean {
    return this.#roles.delete(userId);
  }
}
