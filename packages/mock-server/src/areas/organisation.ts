import type { ServiceContext } from '../core/context.js';
import type { ProjectRegistry } from '../core/projects.js';
import { OrganisationUserStore } from './platform/projects/organisation-users.js';
import type { ProjectState } from './state.js';
import type { OrganisationView } from './views.js';

/**
 * What the organisation holds beside its projects: its users. The package's own code and tests
 * reach it whole; users see the {@link OrganisationView} it extends.
 */
export interface OrganisationState extends OrganisationView {
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
