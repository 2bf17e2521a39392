import { expect } from 'vitest';

/** The five operations of a project's management resource, as the client names them. */
interface ManagementResource<Create, Update> {
  list(projectId: string): Promise<unknown>;
  create(projectId: string, body: Create): Promise<unknown>;
  get(projectId: string, id: string): Promise<unknown>;
  update(projectId: string, id: string, body: Update): Promise<unknown>;
  delete(projectId: string, id: string): Promise<unknown>;
}

/** What to send, and what the 404 for an unknown id names. */
interface NotFoundCase<Create, Update> {
  /** The project that holds `existingId`. */
  readonly projectId: string;
  /** An id of the project's own, to send to an unknown project. */
  readonly existingId: string;
  /** An id of the resource's form that nothing has. */
  readonly unknownId: string;
  /** The `resource_type` of the 404 for an unknown id. */
  readonly resourceType: string;
  readonly create: Create;
  readonly update: Update;
}

/**
 * Every operation of a management resource answers 404 for an id the project does not have, naming
 * the resource, and for a project that does not exist, naming the project.
 */
export const expectUnknownIdsAndProjectsRefused = async <Create, Update>(
  resource: ManagementResource<Create, Update>,
  given: NotFoundCase<Create, Update>,
): Promise<void> => {
  const { projectId, existingId, unknownId, resourceType } = given;
  for (const call of [
    () => resource.get(projectId, unknownId),
    () => resource.update(projectId, unknownId, given.update),
    () => resource.delete(projectId, unknownId),
  ]) {
    await expect(call()).rejects.toMatchObject({ status: 404, key: 'not_found', resourceType, resourceId: unknownId });
  }
  const missing = 'proj_missing';
  for (const call of [
    () => resource.list(missing),
    () => resource.create(missing, given.create),
    () => resource.get(missing, existingId),
    () => resource.update(missing, existingId, given.update),
    () => resource.delete(missing, existingId),
  ]) {
    await expect(call()).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'project',
      resourceId: missing,
    });
  }
};
