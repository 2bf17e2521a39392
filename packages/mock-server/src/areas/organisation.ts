import type { ServiceContext } from '../core/context.js';
import type { ProjectRegistry } from '../core/projects.js';
import { OrganisationUserStore } from './platform/projects/organisation-users.js';
import type { ProjectState } from './state.js';

/**
 * What the organisation holds beside its projects: its users. Tests reach it through
 * `service.organisation` to arrange users or to check what a request changed.
 *
 * @example
 * ```ts
 * const { users } = service.organisation;
 * users.create({ email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva', owner: true, projects: { [service.projects.primary.id]: 'ADMIN' } });
 * ```
 */
export interface OrganisationState {
  /** The people who sign in to the dashboard, with their roles in the projects (management API). */
  readonly users: OrganisationUserStore;
}

/** Creates the organisation's empty state; its containers are the service's, not a project's. */
export const createOrganisationState = (
  context: ServiceContext,
  projects: ProjectRegistry<ProjectState>,
): OrganisationState => ({
  users: new OrganisationUserStore(context, projects),
});
