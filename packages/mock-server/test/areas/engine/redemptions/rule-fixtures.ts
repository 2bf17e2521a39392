/** Arrangements shared by the engine's tests. */
import type { ProjectState } from '../../../../src/areas/state.js';

/** A discount voucher with a validation rule of its own, created in a project's stores. */
export const createVoucherWithRule = (
  state: ProjectState,
  code: string,
  discount: Record<string, unknown>,
  rule: Record<string, unknown>,
) => {
  const { vouchers, validationRules } = state;
  const voucher = vouchers.create({ code, type: 'DISCOUNT_VOUCHER', discount } as never);
  const created = validationRules.create({ name: `${code} rule`, ...rule } as never);
  validationRules.assign(created.id, { related_object_type: 'voucher', related_object_id: voucher.id });
  return voucher;
};
