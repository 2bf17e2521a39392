import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { parseScopes, scopesSatisfy } from './oauth-scopes.js';

/** The seed's allowed scope values (POST /v1/oauth/token). */
const ALLOWED = [
  'api',
  'assets',
  'async-actions',
  'campaigns',
  'categories',
  'client_api',
  'client_consents',
  'client_customers',
  'client_events',
  'client_promotions',
  'client_publish',
  'client_qualifications',
  'client_redeem',
  'client_redemptions',
  'client_validate',
  'client_validations',
  'client_vouchers',
  'consents',
  'customers',
  'events',
  'exports',
  'locations',
  'loyalties',
  'metadata-schemas',
  'orders',
  'product-collections',
  'products',
  'promotions',
  'publications',
  'qualifications',
  'redemptions',
  'referrals',
  'rewards',
  'segments',
  'skus',
  'task-results',
  'templates',
  'trash-bin',
  'validation-rules-assignments',
  'validation-rules',
  'validations',
  'vouchers',
] as const;

const scopeArb = fc.constantFrom(...ALLOWED);
const whitespaceArb = fc.stringMatching(/^[ \t\n\r]{1,3}$/u);

describe('parseScopes', () => {
  it('splits on spaces', () => {
    expect(parseScopes('api vouchers', ALLOWED)).toEqual(['api', 'vouchers']);
  });

  it('accepts any run of whitespace and surrounding blanks', () => {
    expect(parseScopes('  api \t\n vouchers  ', ALLOWED)).toEqual(['api', 'vouchers']);
  });

  it('collapses duplicates and keeps the first-seen order', () => {
    expect(parseScopes('vouchers api vouchers api', ALLOWED)).toEqual(['vouchers', 'api']);
  });

  it('round-trips any list of allowed scopes joined by whitespace', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(scopeArb, whitespaceArb), { minLength: 1 }), (parts) => {
        const input = parts.map(([scope, gap]) => scope + gap).join('');
        const expected = [...new Set(parts.map(([scope]) => scope))];
        expect(parseScopes(input, ALLOWED)).toEqual(expected);
      }),
    );
  });

  it('refuses commas as separators', () => {
    const error = catchDomainError(() => parseScopes('vouchers,campaigns', ALLOWED));
    expect(error.key).toBe('invalid_scope');
    expect(error.message).toMatch(/space-delimited/u);
    expect(error.details).toBe('Invalid scope: vouchers,campaigns');
  });

  it('refuses a comma anywhere, even next to spaces', () => {
    fc.assert(
      fc.property(fc.array(scopeArb, { minLength: 1 }), fc.nat(), (scopes, at) => {
        const input = scopes.join(' ');
        const position = at % (input.length + 1);
        const withComma = `${input.slice(0, position)},${input.slice(position)}`;
        expect(catchDomainError(() => parseScopes(withComma, ALLOWED)).key).toBe('invalid_scope');
      }),
    );
    expect(catchDomainError(() => parseScopes('api , vouchers', ALLOWED)).message).toMatch(/space-delimited/u);
  });

  it('refuses an unknown scope, naming it', () => {
    const error = catchDomainError(() => parseScopes('api coupons vouchers', ALLOWED));
    expect(error.key).toBe('invalid_scope');
    expect(error.message).toBe('unknown scope: coupons');
    expect(error.details).toBe('Invalid scope: coupons');
  });

  it('lists every unknown scope in details, each once', () => {
    const error = catchDomainError(() => parseScopes('coupons api Vouchers coupons', ALLOWED));
    expect(error.message).toBe('unknown scope: coupons');
    expect(error.details).toBe('Invalid scope: coupons Vouchers');
  });

  it('refuses an empty or blank scope', () => {
    for (const input of ['', ' ', '\t\n']) {
      const error = catchDomainError(() => parseScopes(input, ALLOWED));
      expect(error.key).toBe('invalid_scope');
      expect(error.message).toBe('scope is required');
    }
  });
});

describe('scopesSatisfy', () => {
  const categories = [['api'], ['categories']] as const;

  it('is satisfied when any alternative is fully granted', () => {
    expect(scopesSatisfy(['api'], categories)).toBe(true);
    expect(scopesSatisfy(['categories'], categories)).toBe(true);
    expect(scopesSatisfy(['vouchers', 'categories'], categories)).toBe(true);
  });

  it('is not satisfied when no alternative is granted', () => {
    expect(scopesSatisfy(['vouchers'], categories)).toBe(false);
    expect(scopesSatisfy([], categories)).toBe(false);
  });

  it('needs every scope of an alternative', () => {
    expect(scopesSatisfy(['a'], [['a', 'b']])).toBe(false);
    expect(scopesSatisfy(['b', 'a'], [['a', 'b']])).toBe(true);
  });

  it('has no hierarchy: api and client_api are separate scopes', () => {
    expect(scopesSatisfy(['api'], [['client_api']])).toBe(false);
    expect(scopesSatisfy(['client_api'], [['api']])).toBe(false);
    expect(scopesSatisfy(['api'], [['client_validations']])).toBe(false);
    expect(scopesSatisfy(['api'], [['vouchers']])).toBe(false);
  });

  it('is never satisfied by an empty list of alternatives, always by an empty alternative', () => {
    expect(scopesSatisfy(['api'], [])).toBe(false);
    expect(scopesSatisfy([], [[]])).toBe(true);
  });

  it('agrees with the definition for arbitrary scopes', () => {
    fc.assert(
      fc.property(
        fc.array(scopeArb),
        fc.array(fc.array(scopeArb, { maxLength: 3 }), { maxLength: 4 }),
        (granted, alternatives) => {
          const expected = alternatives.some((alternative) => alternative.every((scope) => granted.includes(scope)));
          expect(scopesSatisfy(granted, alternatives)).toBe(expected);
        },
      ),
    );
  });
});
