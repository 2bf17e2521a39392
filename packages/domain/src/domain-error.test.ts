import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './domain-error.js';

describe('DomainError', () => {
  it('carries the service key, a short message and details', () => {
    const error = new DomainError('invalid_scope', 'unknown scope: coupons', { details: 'Invalid scope: coupons' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.key).toBe('invalid_scope');
    expect(error.message).toBe('unknown scope: coupons');
    expect(error.details).toBe('Invalid scope: coupons');
  });

  it('leaves details undefined when not given and keeps the cause', () => {
    const cause = new Error('root');
    const error = new DomainError('invalid_payload', 'bad', { cause });
    expect(error.details).toBeUndefined();
    expect(error.cause).toBe(cause);
    expect(new DomainError('invalid_payload', 'bad').cause).toBeUndefined();
  });
});

describe('isDomainError', () => {
  const error = new DomainError('invalid_code_config', 'charset must not be empty');

  it('recognises domain errors, optionally by key', () => {
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(error, 'invalid_code_config')).toBe(true);
    expect(isDomainError(error, 'invalid_scope')).toBe(false);
  });

  it('rejects other values', () => {
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ name: 'DomainError', key: 'invalid_scope', message: 'x' })).toBe(false);
    expect(isDomainError(undefined)).toBe(false);
    expect(isDomainError('invalid_scope')).toBe(false);
  });

  it('recognises a domain error from another copy of the package by its shape', () => {
    const foreign = Object.assign(new Error('x'), { name: 'DomainError', key: 'invalid_scope' });
    expect(isDomainError(foreign, 'invalid_scope')).toBe(true);
    const keyless = Object.assign(new Error('x'), { name: 'DomainError' });
    expect(isDomainError(keyless)).toBe(false);
  });
});
