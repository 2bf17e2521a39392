import { describe, expect, test } from 'vitest';
import { createRouter } from './router.js';

describe('the router', () => {
  const route = createRouter();

  test('a fixed path wins over a template for its own methods', () => {
    expect(route('POST', '/v1/vouchers/import')).toMatchObject({ kind: 'operation', operationId: 'importVouchers' });
    expect(route('POST', '/v1/oauth/token')).toMatchObject({ kind: 'operation', operationId: 'generateOAuthToken' });
  });

  test('a method the fixed path lacks falls through to the template it also matches', () => {
    // `import` is a code like any other for GET, PUT and DELETE: the service reads the voucher.
    expect(route('GET', '/v1/vouchers/import')).toEqual({
      kind: 'operation',
      operationId: 'getVoucher',
      params: { code: 'import' },
    });
    expect(route('DELETE', '/v1/vouchers/import')).toMatchObject({
      operationId: 'deleteVoucher',
      params: { code: 'import' },
    });
  });

  test('a 405 lists the methods of every template the path matches', () => {
    expect(route('PATCH', '/v1/vouchers/import')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST', 'PUT', 'DELETE'],
    });
  });

  test('path values are percent-decoded without throwing', () => {
    expect(route('GET', '/v1/vouchers/SUMMER%2010')).toMatchObject({ params: { code: 'SUMMER 10' } });
    expect(route('GET', '/v1/vouchers/%ZZ')).toMatchObject({ params: { code: '%ZZ' } });
  });

  test('unknown paths and methods', () => {
    expect(route('GET', '/v1/nothing-here')).toEqual({ kind: 'not-found' });
    expect(route('TRACE', '/v1/nothing-here')).toMatchObject({ kind: 'unknown-method' });
  });
});
