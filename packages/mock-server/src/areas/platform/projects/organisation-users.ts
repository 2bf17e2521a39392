import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { ProjectRegistry } from '../../../core/projects.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { ProjectMemberStore } from './members.js';
import { checkedRole } from './roles.js';

/**
 * A user of the organisation as the management API shows them: who they are, and their role in
 * each project they work in.
 *
 * @example
 * ```ts
 * const user: ProjectUser = service.organisation.users.create({ email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva' });
 * ```
 */
export type ProjectUser = Resource<'ProjectUser'>;

/**
 * A user of the organisation as it keeps them; their roles are kept by the projects.
 *
 * @example
 * ```ts
 * const owner: OrganisationUser | undefined = service.organisation.users.list().find((user) => user.is_owner);
 * ```
 */
export type OrganisationUser = Omit<ProjectUser, 'projects'>;

/**
 * A new user of the organisation, as an invitation or the dashboard makes one.
 *
 * @example
 * ```ts
 * const input: OrganisationUserInput = { email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva', owner: true, projects: { [projectId]: 'ADMIN' } };
 * ```
 */
export interface OrganisationUserInput {
  /** Their email address; no user of the organisation may have it as login or email. */
  readonly email: string;
  /** Their first name. */
  readonly first_name: string;
  /** Their last name. */
  readonly last_name: string;
  /** What they sign in with; their email address when left out. */
  readonly login?: string | undefined;
  /** Whether they are an owner of the organisation; false when left out. */
  readonly owner?: boolean | undefined;
  /** The projects they work in, by project id, with their role in each; none when left out. */
  readonly projects?: Readonly<Record<string, string>> | undefined;
}

/**
 * A user of the organisation named by `id` or by `login` (one of the two), with the role they get
 * in a project (`POST …/users`, each of the `users` of a new project).
 */
export type UserAssignment = Resource<'ProjectUserAssignRequest'>;

/**
 * Users and their roles, checked, for a project about to be made: see
 * {@link OrganisationUserStore.joining}.
 */
export type Joining = readonly (readonly [userId: string, role: string])[];

/** How logins and addresses compare: the letter case of an email address does not name another one. */
const folded = (text: string): string => text.toLowerCase();

/**
 * The organisation's users: the people who sign in to the dashboard, each with a role in the
 * projects they work in. The users are the organisation's, kept once; the roles are kept by each
 * project (`state.members`). The owners join every project made through the management API.
 */
export class OrganisationUserStore {
  /** The users, by id, in the order they joined the organisation. */
  readonly #users: TrackedMap<string, OrganisationUser>;

  /**
   * @param context - The service's ids and tracked state (users belong to no project).
   * @param projects - The organisation's projects, which keep the users' roles (`state.members`).
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly projects: ProjectRegistry<{ readonly members: ProjectMemberStore }>,
  ) {
    this.#users = context.tracked.map();
  }

  /** Every user of the organisation, in the order they joined it. */
  list(): OrganisationUser[] {
    return [...this.#users.values()];
  }

  /** The user with this id or login (in any letter case), if any. */
  find(ref: string): OrganisationUser | undefined {
    const byId = this.#users.get(ref);
    if (byId !== undefined) return byId;
    const login = folded(ref);
    return this.list().find((user) => folded(user.login) === login);
  }

  /**
   * The user with this id or login.
   * @throws ApiError 404 when no user of the organisation has it.
   */
  get(ref: string): OrganisationUser {
    const user = this.find(ref);
    if (user === undefined) throw ApiError.notFound('user', ref);
    return user;
  }

  /**
   * The user with their role in every project they work in, as the management API answers.
   *
   * @param user - A user of the organisation.
   * @returns The user and `projects`, in the order of the organisation's projects.
   */
  show(user: OrganisationUser): ProjectUser {
    const projects = this.projects.list().flatMap((project) => {
      const role = project.state.members.roleOf(user.id);
      return role === undefined ? [] : [[project.id, role] as const];
    });
    return { ...user, projects: Object.fromEntries(projects) };
  }

  /** The users assigned to a project, in the order they joined it. */
  inProject(projectId: string): ProjectUser[] {
    return this.#members(projectId)
      .userIds()
      .flatMap((id) => {
        const user = this.#users.get(id);
        return user === undefined ? [] : [this.show(user)];
      });
  }

  /**
   * A user assigned to the project, named by id or login.
   * @throws ApiError 404 when no user has the id or login, or the user is not assigned to the project.
   */
  assigned(projectId: string, ref: string): ProjectUser {
    const user = this.get(ref);
    if (this.#members(projectId).roleOf(user.id) === undefined) {
      throw new ApiError(404, 'not_found', 'Resource not found', {
        details: `Cannot find user '${ref}' assigned to the project '${projectId}'`,
        resourceId: ref,
        resourceType: 'user',
      });
    }
    return this.show(user);
  }

  /**
   * Adds a user to the organisation with their roles, as an invitation or the dashboard does.
   *
   * @returns The user, with their roles.
   * @throws ApiError 400 `used_incorrect_role` for a role that does not exist; 404 for a project
   *   that does not exist; 409 `duplicate_found` when a user has the email address, or the login,
   *   as login or email already.
   */
  create(input: OrganisationUserInput): ProjectUser {
    const roles = Object.entries(input.projects ?? {}).map(
      ([projectId, role]) => [projectId, checkedRole(role)] as const,
    );
    const places = roles.map(([projectId, role]) => [this.#members(projectId), role] as const);
    const login = input.login ?? input.email;
    for (const address of new Set([input.email, login])) {
      const taken = folded(address);
      if (this.list().some((user) => folded(user.login) === taken || folded(user.email) === taken)) {
        throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
          details: `Duplicated user exists with email ${address}`,
          resourceId: address,
          resourceType: 'user',
        });
      }
    }
    const user: OrganisationUser = {
      id: this.context.ids('user'),
      login,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      is_owner: input.owner ?? false,
    };
    this.#users.set(user.id, user);
    for (const [members, role] of places) members.assign(user.id, role);
    return this.show(user);
  }

  /**
   * Invites a person to the organisation (`POST /management/v1/projects/users/invite`): they are a
   * user from now on, with their login the address invited, in the projects named.
   *
   * @throws ApiError 400 `invalid_payload` when no project is named; otherwise as {@link OrganisationUserStore.create}.
   */
  invite(invitation: Resource<'ProjectUserInviteRequest'>): ProjectUser {
    if (Object.keys(invitation.projects).length === 0)
      throw ApiError.invalidPayload('Name at least one project to invite the user to.');
    return this.create(invitation);
  }

  /**
   * Gives a user of the organisation a role in a project; a user assigned already gets the new role.
   *
   * @returns The user, with their roles.
   * @throws ApiError 400 `invalid_payload` unless exactly one of `id` and `login` is given,
   *   `used_incorrect_role` for a role that does not exist; 404 for an unknown user.
   */
  assign(projectId: string, assignment: UserAssignment): ProjectUser {
    const [userId, checked] = this.#resolve(assignment);
    this.#members(projectId).assign(userId, checked);
    return this.show(this.get(userId));
  }

  /**
   * Gives a user assigned to the project another role there.
   *
   * @returns The user, with their roles.
   * @throws ApiError 400 `used_incorrect_role`; 404 when the user is unknown or not assigned to the project.
   */
  changeRole(projectId: string, ref: string, role: string): ProjectUser {
    const checked = checkedRole(role);
    const { id } = this.assigned(projectId, ref);
    this.#members(projectId).assign(id, checked);
    return this.show(this.get(id));
  }

  /**
   * Takes a user out of a project; they stay a user of the organisation with their other projects.
   *
   * @throws ApiError 404 for an unknown user; 400 `user_not_assigned` when the user is not assigned
   *   to the project, `invalid_payload` when it is their only project (a user keeps one).
   */
  unassign(projectId: string, ref: string): void {
    const user = this.show(this.get(ref));
    if (user.projects[projectId] === undefined) {
      throw new ApiError(400, 'user_not_assigned', 'User is not assigned', {
        details: 'User is not assigned to the project',
      });
    }
    if (Object.keys(user.projects).length === 1) {
      throw ApiError.invalidPayload(`${projectId} is the only project of user ${user.id}, who must keep one.`);
    }
    this.#members(projectId).unassign(user.id);
  }

  /**
   * Checks the users to assign to a project about to be made, before anything is made.
   *
   * @param assignments - Each user named by id or login, with their role.
   * @returns Each user's id with their role.
   * @throws ApiError as {@link OrganisationUserStore.assign}.
   */
  joining(assignments: readonly UserAssignment[]): Joining {
    return assignments.map((assignment) => this.#resolve(assignment));
  }

  /**
   * Assigns the users of a new project: the organisation's owners as administrators, then the
   * users the request named (an owner named there gets the role named).
   *
   * @param projectId - The new project.
   * @param joining - What {@link OrganisationUserStore.joining} checked.
   */
  welcome(projectId: string, joining: Joining): void {
    const members = this.#members(projectId);
    for (const owner of this.list()) if (owner.is_owner) members.assign(owner.id, 'ADMIN');
    for (const [userId, role] of joining) members.assign(userId, role);
  }

  /** The id of the user an assignment names, with its role checked. */
  #resolve({ id, login, role }: UserAssignment): readonly [userId: string, role: string] {
    if (id !== undefined && login !== undefined)
      throw ApiError.invalidPayload('Name the user by id or by login, not both.');
    const ref = id ?? login;
    if (ref === undefined) throw ApiError.invalidPayload('Name the user by id or by login.');
    const checked = checkedRole(role);
    return [this.get(ref).id, checked];
  }

  /**
   * The users assigned to a project.
   * @throws ApiError 404 for a project that does not exist.
   */
  #members(projectId: string): ProjectMemberStore {
    const project = this.projects.get(projectId);
    if (project === undefined) throw ApiError.notFound('project', projectId);
    return project.state.members;
  }
}
