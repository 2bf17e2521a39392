import type { HandlerMap } from '../../../http/handler.js';
import { managementMetadataSchema, managementMetadataSchemaList, storedDefinitions } from './management-shape.js';

/**
 * Metadata schemas through the management API: the same schemas as `/v1/metadata-schemas` (one
 * store), addressed by id, with definitions spelled in snake_case. A resource type that has a
 * schema already is refused with 409 `duplicate_found`: the reference says to add definitions with
 * PUT once a type has a schema, and names no status; the spec gives 409, as `/v1` answers.
 */
export const managementMetadataSchemaHandlers = {
  listManagementMetadataSchemas: ({ project }) => ({
    status: 200,
    body: managementMetadataSchemaList(project.state.metadataSchemas.list()),
  }),
  createManagementMetadataSchema: ({ project, body }) => ({
    status: 200,
    body: managementMetadataSchema(
      project.state.metadataSchemas.create(body.related_object, {
        properties: storedDefinitions(body.properties),
        allow_defined_only: body.allow_defined_only,
      }),
    ),
  }),
  getManagementMetadataSchema: ({ project, params }) => ({
    status: 200,
    body: managementMetadataSchema(project.state.metadataSchemas.get(params.metadataSchemaId)),
  }),
  updateManagementMetadataSchema: ({ project, params, body }) => ({
    status: 200,
    body: managementMetadataSchema(
      project.state.metadataSchemas.update(params.metadataSchemaId, {
        properties: storedDefinitions(body.properties),
        allow_defined_only: body.allow_defined_only,
      }),
    ),
  }),
  deleteManagementMetadataSchema: ({ project, params }) => {
    project.state.metadataSchemas.delete(params.metadataSchemaId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
