import type { z } from 'zod';

/**
 * A stored record typed from the spec's response schema of its resource, so a store can only
 * hold what the API documents.
 *
 * @example
 * type Category = Resource<typeof response.Category>;
 */
export type Resource<Schema extends z.ZodType> = z.input<Schema>;
