import { expectTypeOf, test } from 'vitest';
import { createMockService, type OperationId } from '../src/index.js';

test('failures are injected by operation ids of the spec, and take() is not public', () => {
  const service = createMockService();
  service.failures.inject({ status: 429, operationId: 'listCategories' });
  // @ts-expect-error a misspelt operation id does not compile
  service.failures.inject({ status: 429, operationId: 'listCategory' });
  expectTypeOf(service.failures).not.toHaveProperty('take');
  expectTypeOf<'getCategory'>().toExtend<OperationId>();
});
