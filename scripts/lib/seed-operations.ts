/**
 * Operations the service's interface specification (the seed) names and the reference
 * description lacks. The parity report shows whether our spec has each one.
 */
export const SEED_OPERATIONS: readonly { method: string; path: string; what: string }[] = [
  { method: 'get', path: '/v1/segments', what: 'list segments' },
  { method: 'put', path: '/v1/segments/{segmentId}', what: 'update a segment' },
  { method: 'get', path: '/v1/segments/{segmentId}/activities', what: 'list the activities of a segment' },
  { method: 'put', path: '/v1/product-collections/{productCollectionId}', what: 'update a product collection' },
  {
    method: 'get',
    path: '/v1/product-collections/{productCollectionId}/activities',
    what: 'list the activities of a product collection',
  },
  { method: 'post', path: '/v1/metadata-schemas/{metadataSchemaId}', what: 'create a metadata schema' },
  { method: 'put', path: '/v1/metadata-schemas/{metadataSchemaId}', what: 'update a metadata schema' },
  { method: 'delete', path: '/v1/metadata-schemas/{metadataSchemaId}', what: 'delete a metadata schema' },
  { method: 'post', path: '/v1/loyalties/{campaignId}/qualifications', what: 'estimate the points of an order' },
];
