import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metadataFromText, metadataValueFromText } from './from-text.js';
import { findMetadataViolations } from './validation.js';

describe('metadataValueFromText', () => {
  it('reads numbers and booleans as their schema types them, and keeps other text', () => {
    expect(metadataValueFromText('12.5', { type: 'number' })).toBe(12.5);
    expect(metadataValueFromText(' 7 ', { type: 'number' })).toBe(7);
    expect(metadataValueFromText('TRUE', { type: 'boolean' })).toBe(true);
    expect(metadataValueFromText('false', { type: 'boolean' })).toBe(false);
    expect(metadataValueFromText('2026-01-31', { type: 'date' })).toBe('2026-01-31');
    expect(metadataValueFromText('007', { type: 'string' })).toBe('007');
    expect(metadataValueFromText('12.5')).toBe('12.5');
  });

  it('leaves text that is not of the type as text, so validation reports it', () => {
    expect(metadataValueFromText('heavy', { type: 'number' })).toBe('heavy');
    expect(metadataValueFromText('yes', { type: 'boolean' })).toBe('yes');
    expect(
      findMetadataViolations(
        { weight: metadataValueFromText('heavy', { type: 'number' }) },
        { properties: { weight: { type: 'number' } } },
      ),
    ).toHaveLength(1);
  });

  it('splits arrays on commas and reads each element', () => {
    expect(metadataValueFromText('subscribed, premium', { type: 'string', array: true })).toEqual([
      'subscribed',
      'premium',
    ]);
    expect(metadataValueFromText('123,234', { type: 'number', array: true })).toEqual([123, 234]);
  });

  it('gives back any finite number written as text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(metadataValueFromText(String(value), { type: 'number' })).toBe(Number(String(value)));
      }),
    );
  });
});

describe('metadataFromText', () => {
  it('leaves empty cells out and types the others by the schema', () => {
    expect(
      metadataFromText(
        { vip: 'true', visits: '3', note: '', city: 'Porto' },
        { vip: { type: 'boolean' }, visits: { type: 'number' } },
      ),
    ).toEqual({
      vip: true,
      visits: 3,
      city: 'Porto',
    });
  });

  it('reads own schema properties only', () => {
    expect(metadataFromText({ toString: '1' }, {})).toEqual({ toString: '1' });
    expect(metadataFromText({ a: '1' }, null)).toEqual({ a: '1' });
  });
});
