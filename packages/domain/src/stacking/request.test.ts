import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { isDomainError } from '../domain-error.js';
import { STACKING_RULES_DEFAULTS } from './rules.js';
import { type StackedRedeemableRef, StackedRedeemablesError, checkStackedRedeemables } from './request.js';

const voucher = (id: string, key?: string): StackedRedeemableRef =>
  key === undefined ? { object: 'voucher', id } : { object: 'voucher', id, key };

const refused = (redeemables: readonly StackedRedeemableRef[], limit = 30) => {
  const error = catchDomainError(() =>
    checkStackedRedeemables(redeemables, { ...STACKING_RULES_DEFAULTS, redeemables_limit: limit }),
  );
  expect(error).toBeInstanceOf(StackedRedeemablesError);
  return error as StackedRedeemablesError;
};

describe('checkStackedRedeemables', () => {
  it('accepts distinct redeemables up to the limit, and a promotion stack alone', () => {
    const thirty = Array.from({ length: 30 }, (_, index) => voucher(`CODE${index}`));
    expect(() => checkStackedRedeemables(thirty, STACKING_RULES_DEFAULTS)).not.toThrow();
    expect(() =>
      checkStackedRedeemables([{ object: 'promotion_stack', id: 'stack_1' }], STACKING_RULES_DEFAULTS),
    ).not.toThrow();
    expect(() =>
      checkStackedRedeemables([voucher('SAME'), { object: 'promotion_tier', id: 'SAME' }], STACKING_RULES_DEFAULTS),
    ).not.toThrow();
  });

  it('refuses an empty list as invalid_payload', () => {
    const error = catchDomainError(() => checkStackedRedeemables([], STACKING_RULES_DEFAULTS));
    expect(error.key).toBe('invalid_payload');
  });

  it('refuses more redeemables than redeemables_limit with invalid_redeemables', () => {
    const error = refused([voucher('A'), voucher('B'), voucher('C')], 2);
    expect(error.key).toBe('invalid_redeemables');
    expect(error.details).toContain('at most 2');
    expect(error.redeemable).toBeUndefined();
  });

  it('refuses a promotion stack with other redeemables with invalid_redeemables naming the stack', () => {
    const error = refused([voucher('A'), { object: 'promotion_stack', id: 'stack_1' }]);
    expect(error.key).toBe('invalid_redeemables');
    expect(error.redeemable).toEqual({ object: 'promotion_stack', id: 'stack_1' });
    expect(isDomainError(error, 'invalid_redeemables')).toBe(true);
  });

  it('refuses a repeated redeemable with duplicated_redeemables naming the repeat', () => {
    const error = refused([voucher('A'), voucher('B'), voucher('A')]);
    expect(error.key).toBe('duplicated_redeemables');
    expect(error.message).toBe('Duplicated redeemables detected');
    expect(error.details).toBe('Redeemable A is sent more than once.');
    expect(error.redeemable).toEqual({ object: 'voucher', id: 'A' });
  });

  it('compares the caller key when given, so a code and its v_ id are one voucher', () => {
    const error = refused([voucher('SUMMER10', 'v_1'), voucher('v_1', 'v_1')]);
    expect(error.key).toBe('duplicated_redeemables');
    expect(error.redeemable).toEqual({ object: 'voucher', id: 'v_1' });
  });

  it('refuses a second promotion stack as one combined with other redeemables', () => {
    const error = refused([
      { object: 'promotion_stack', id: 'stack_1' },
      { object: 'promotion_stack', id: 'stack_2' },
    ]);
    expect(error.key).toBe('invalid_redeemables');
    expect(error.redeemable).toEqual({ object: 'promotion_stack', id: 'stack_1' });
  });

  it('checks the length before anything else', () => {
    const error = refused([voucher('A'), voucher('A'), { object: 'promotion_stack', id: 'stack_1' }], 2);
    expect(error.key).toBe('invalid_redeemables');
    expect(error.redeemable).toBeUndefined();
  });

  it('reports only what the entry at fault was sent as, not the caller key', () => {
    const error = refused([voucher('SUMMER10', 'v_1'), voucher('summer10', 'v_1')]);
    expect(error.redeemable).toEqual({ object: 'voucher', id: 'summer10' });
    expect(Object.keys(error.redeemable ?? {})).toEqual(['object', 'id']);
  });

  it('accepts a list exactly when it is short enough, has no stack among others and no repeat', () => {
    const entry = fc.record({
      object: fc.constantFrom<StackedRedeemableRef['object']>('voucher', 'promotion_tier', 'promotion_stack'),
      id: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (redeemables, limit) => {
          const identities = redeemables.map(({ object, id }) => `${object}:${id}`);
          const acceptable =
            redeemables.length <= limit &&
            (redeemables.length === 1 || redeemables.every(({ object }) => object !== 'promotion_stack')) &&
            new Set(identities).size === identities.length;
          const run = () => checkStackedRedeemables(redeemables, { redeemables_limit: limit });
          if (acceptable) expect(run).not.toThrow();
          else expect(run).toThrow(StackedRedeemablesError);
        },
      ),
    );
  });
});
