import type { HandlerMap } from '../../http/handler.js';

/** Campaigns: create, read, change, switch on and off, and add vouchers to them. */
export const campaignHandlers = {
  getCampaign: ({ project, params }) => ({ status: 200, body: project.state.campaigns.get(params.campaignId) }),
  enableCampaign: ({ project, params }) => {
    project.state.campaigns.setActive(params.campaignId, true);
    return { status: 200, body: {} };
  },
  disableCampaign: ({ project, params }) => {
    project.state.campaigns.setActive(params.campaignId, false);
    return { status: 200, body: {} };
  },
  addVoucherWithSpecificCodeToCampaign: ({ project, params, body }) => {
    const { campaigns, vouchers } = project.state;
    return { status: 200, body: vouchers.present(campaigns.addVoucher(params.campaignId, body, params.code)) };
  },
} satisfies HandlerMap;
