import type { HandlerMap } from '../../../http/handler.js';
import { examineCampaigns, examineVouchers } from './examine.js';

/**
 * Qualifications, server and client side: the same answer to both kinds of key; and the older
 * operations that examine generic vouchers or campaigns with the same engine.
 */
export const qualificationHandlers = {
  checkEligibility: ({ project, body }) => ({ status: 200, body: project.state.qualifications.check(body) }),
  checkEligibilityClientSide: ({ project, body }) => ({ status: 200, body: project.state.qualifications.check(body) }),
  examineVouchersQualification: ({ project, body, query }) => ({
    status: 200,
    body: examineVouchers(project.state, body, query),
  }),
  examineCampaignsQualification: ({ project, body, query }) => ({
    status: 200,
    body: examineCampaigns(project.state, body, query),
  }),
} satisfies HandlerMap;
