import type { CategoryStore } from '../../catalog/categories/store.js';
import type { RuleAssignments } from '../rule-assignments.js';
import { listUrls, voucherAssets } from './shapes.js';
import type { StoredVoucher, Voucher } from './types.js';

/** A voucher as the API shows it, with its category objects. */
type ShownVoucher = Voucher & { categories: NonNullable<Voucher['categories']> };

/** A voucher as lists show it: with its category objects, without the rule assignments. */
type ListedVoucher = Omit<Voucher, 'validation_rules_assignments'> & { categories: NonNullable<Voucher['categories']> };

/**
 * How stored vouchers are shown: with what the store leaves to others, read when shown (their
 * category from the categories, the validation rules assigned to them from the rules area) and
 * what follows from their code (the links of their lists, their images).
 */
export class VoucherPresentation {
  /** @param deps - The project's categories and the vouchers' rule assignments. */
  constructor(private readonly deps: { readonly categories: CategoryStore; readonly rules: RuleAssignments }) {}

  /**
   * The voucher as the API shows it: with its category objects and the validation rules assigned
   * to it directly or through its campaign.
   */
  present(voucher: StoredVoucher): ShownVoucher {
    // The listed form is made for this answer alone: given its last field rather than copied again.
    const shown = this.listed(voucher) as ShownVoucher;
    shown.validation_rules_assignments = this.ruleAssignments(voucher);
    return shown;
  }

  /** The validation rules assigned to the voucher directly or through its campaign, as `validation_rules_assignments` shows them. */
  ruleAssignments(voucher: StoredVoucher): NonNullable<Voucher['validation_rules_assignments']> {
    const owners = voucher.campaign_id ? [voucher.campaign_id, voucher.id] : [voucher.id];
    return this.deps.rules.details(...owners);
  }

  /** The voucher as lists show it: with its category objects, without the rule assignments. */
  listed(voucher: StoredVoucher): ListedVoucher {
    const { categories } = this.deps;
    const category =
      voucher.category_id && categories.has(voucher.category_id) ? categories.get(voucher.category_id) : undefined;
    // An unpublished voucher's `holder_id` is `undefined`, which JSON leaves out as the API does.
    return {
      ...voucher,
      ...listUrls(voucher),
      assets: voucherAssets(voucher.code),
      categories: category ? [category] : [],
    } as ListedVoucher;
  }
}
