import type { HandlerMap } from '../../../http/handler.js';
import { redemptionOrigin as originOf } from './origin.js';

/** Validations, redemptions and rollbacks, server and client side: loaded with the engine. */
export const redemptionEngineHandlers = {
  validateStackedDiscounts: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.validate(body, originOf(principal, requestId)),
  }),
  validateStackedDiscountsClientSide: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.validate(body, originOf(principal, requestId)),
  }),
  redeemStackedDiscounts: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.redeem(body, originOf(principal, requestId)),
  }),
  redeemStackedDiscountsClientSide: ({ project, body, principal, requestId }) => ({
    status: 200,
    body: project.state.redemptions.redeem(body, originOf(principal, requestId)),
  }),
  rollbackRedemption: ({ project, params, query, body, principal, requestId }) => {
    const input = {
      ...body,
      ...(query.reason === undefined ? {} : { reason: query.reason }),
      ...(query.tracking_id === undefined ? {} : { tracking_id: query.tracking_id }),
    };
    const { rollbacks } = project.state.redemptions.rollback(
      params.redemptionId,
      input,
      false,
      originOf(principal, requestId),
    );
    return { status: 200, body: rollbacks[0] as NonNullable<(typeof rollbacks)[number]> };
  },
  rollbackStackedRedemptions: ({ project, params, query, body, principal, requestId }) => {
    const input = {
      ...body,
      ...(query.reason === undefined ? {} : { reason: query.reason }),
      ...(query.tracking_id === undefined ? {} : { tracking_id: query.tracking_id }),
    };
    return {
      status: 200,
      body: project.state.redemptions.rollback(params.parentRedemptionId, input, true, originOf(principal, requestId)),
    };
  },
} satisfies HandlerMap;
