import type { HandlerMap } from '../../../http/handler.js';

/** Metadata schemas, addressed by id or by the resource type they describe. */
export const metadataSchemaHandlers = {
  listMetadataSchemas: ({ project }) => {
    const schemas = project.state.metadataSchemas.list();
    return { status: 200, body: { object: 'list', data_ref: 'schemas', schemas, total: schemas.length } };
  },
  getMetadataSchema: ({ project, params }) => ({
    status: 200,
    body: project.state.metadataSchemas.get(params.metadataSchemaId),
  }),
  createMetadataSchema: ({ project, params, body }) => ({
    status: 200,
    body: project.state.metadataSchemas.create(params.metadataSchemaId, body),
  }),
  updateMetadataSchema: ({ project, params, body }) => ({
    status: 200,
    body: project.state.metadataSchemas.update(params.metadataSchemaId, body),
  }),
  deleteMetadataSchema: ({ project, params }) => {
    project.state.metadataSchemas.delete(params.metadataSchemaId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
