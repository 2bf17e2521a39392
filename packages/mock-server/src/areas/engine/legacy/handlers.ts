import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { HandlerContext, HandlerMap } from '../../../http/handler.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import { redemptionOrigin } from '../redemptions/origin.js';
import { type PromotionsValidationOptions, validatePromotions } from './promotions-validation.js';
import { legacyRedemption } from './redemption.js';
import { type LegacyContext, clientContext, engineRequest, legacyTrackingId, voucherRedeemable } from './requests.js';
import { type CategoryLookup, tierValidationAnswer } from './tier-answers.js';
import { voucherValidationAnswer } from './voucher-validation.js';

/** What every legacy handler passes on: the project, the caller, the request's id and the service's clock and ids. */
type Call = Pick<HandlerContext<'validateVoucher'>, 'project' | 'principal' | 'requestId' | 'service'>;

const categoryLookup =
  ({ categories }: { readonly categories: CategoryStore }): CategoryLookup =>
  (id) =>
    categories.has(id) ? categories.get(id) : undefined;

/** A voucher validated alone, answered in the legacy form. */
const validateVoucher = (
  { project, principal, requestId }: Call,
  code: string,
  context: LegacyContext,
): Resource<'LegacyVoucherValidation'> => {
  const { state } = project;
  const result = state.redemptions.validate(
    engineRequest(voucherRedeemable(code, context), context),
    redemptionOrigin(principal, requestId),
  );
  return voucherValidationAnswer(
    result,
    code,
    context,
    {
      voucher: (wanted) => state.vouchers.find(wanted),
      reward: (card, id) => state.redemptions.loyaltyReward(card, id),
    },
    requestId,
  );
};

/** Every promotion tier judged alone, answered in the legacy form. */
const validateAllPromotions = (
  { project, service }: Call,
  context: LegacyContext,
  options: PromotionsValidationOptions,
): Resource<'LegacyPromotionsValidation'> =>
  validatePromotions(project.state, {
    context,
    options,
    category: categoryLookup(project.state),
    now: service.clock.now(),
    newTrackingId: () => service.ids('track'),
  });

/** A voucher redeemed alone, answered with the stored redemption. */
const redeemVoucher = ({ project, principal, requestId }: Call, code: string, context: LegacyContext) =>
  legacyRedemption(
    project.state.redemptions,
    engineRequest(voucherRedeemable(code, context), context),
    redemptionOrigin(principal, requestId),
  );

/** The body with the query's `tracking_id` when the body has none. */
const withTrackingId = (body: LegacyContext, trackingId: string | undefined): LegacyContext =>
  trackingId === undefined || body.tracking_id !== undefined ? body : { ...body, tracking_id: trackingId };

/**
 * The deprecated single-code and single-tier validations and redemptions (decision 0059): each
 * runs the engine on its one redeemable and answers in the legacy form.
 */
export const legacyEngineHandlers = {
  validateVoucher: (call) => ({ status: 200, body: validateVoucher(call, call.params.code, call.body) }),
  validateVoucherClientSide: (call) => ({
    status: 200,
    body: validateVoucher(call, call.query.code, clientContext(call.query)),
  }),
  validatePromotions: (call) => ({
    status: 200,
    body: validateAllPromotions(call, call.body, {
      audienceRulesOnly: call.query.audienceRulesOnly,
      filters: call.query.filters,
    }),
  }),
  validatePromotionsClientSide: (call) => ({
    status: 200,
    body: validateAllPromotions(call, clientContext(call.query), {}),
  }),
  validatePromotionTier: ({ project, principal, requestId, params, body }) => {
    const { state } = project;
    const tier = state.promotions.find(params.promotionTierId);
    // An unknown tier has nothing to describe: 404, as the engine reports it.
    if (tier === undefined) throw ApiError.notFound('promotion_tier', params.promotionTierId);
    const result = state.redemptions.validate(
      engineRequest({ object: 'promotion_tier', id: tier.id }, body),
      redemptionOrigin(principal, requestId),
    );
    return {
      status: 200,
      body: tierValidationAnswer(
        result,
        tier,
        legacyTrackingId(body, () => result.tracking_id),
        categoryLookup(state),
        requestId,
      ),
    };
  },
  redeemVoucher: (call) => ({
    status: 200,
    body: redeemVoucher(call, call.params.code, withTrackingId(call.body, call.query.tracking_id)),
  }),
  redeemVoucherClientSide: (call) => ({
    status: 200,
    body: redeemVoucher(call, call.query.code, withTrackingId(call.body, call.query.tracking_id)),
  }),
  redeemPromotionTier: ({ project, principal, requestId, params, body }) => ({
    status: 200,
    body: legacyRedemption(
      project.state.redemptions,
      engineRequest({ object: 'promotion_tier', id: params.promotionTierId }, body),
      redemptionOrigin(principal, requestId),
    ),
  }),
} satisfies HandlerMap;
