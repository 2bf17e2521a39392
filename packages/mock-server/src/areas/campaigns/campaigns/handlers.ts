import { listBody } from '../../../core/list.js';
import { exportTransactionsOf } from '../vouchers/export-source.js';
import type { HandlerMap } from '../../../http/handler.js';
import { csvImportRows, jsonImportRows } from '../vouchers/jobs.js';
import { transactionPage } from '../vouchers/transactions.js';

/** Campaigns: create (codes generated at once or in a bulk job), list, read, change, delete, switch on and off, add and import vouchers, transactions and summary. */
export const campaignHandlers = {
  listCampaigns: ({ project, query }) => {
    const { campaigns } = project.state;
    const page = campaigns.list(query);
    return {
      status: 200,
      body: listBody('campaigns', { ...page, items: page.items.map((campaign) => campaigns.listed(campaign)) }, [
        'total',
      ]),
    };
  },
  createCampaign: ({ project, body, requestId }) => ({
    status: 200,
    body: project.state.campaigns.create(body, { requestId }),
  }),
  getCampaign: ({ project, params }) => {
    const { campaigns } = project.state;
    return { status: 200, body: campaigns.present(campaigns.get(params.campaignId)) };
  },
  updateCampaign: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.campaigns.update(params.campaignId, body, { requestId }),
  }),
  deleteCampaign: ({ project, params, query, requestId }) => ({
    status: 202,
    body: {
      async_action_id: project.state.campaigns.delete(params.campaignId, query.force ?? false, { requestId }).id,
    },
  }),
  enableCampaign: ({ project, params, requestId }) => {
    project.state.campaigns.setActive(params.campaignId, true, { requestId });
    return { status: 200, body: {} };
  },
  disableCampaign: ({ project, params, requestId }) => {
    project.state.campaigns.setActive(params.campaignId, false, { requestId });
    return { status: 200, body: {} };
  },
  addVouchersToCampaign: ({ project, params, query, body, requestId }) => {
    const { campaigns, vouchers } = project.state;
    const added = campaigns.addVouchers(params.campaignId, body, query.vouchers_count ?? 1, { requestId });
    return 'code' in added
      ? { status: 200, body: vouchers.present(added) }
      : { status: 202, body: { async_action_id: added.id } };
  },
  addVoucherWithSpecificCodeToCampaign: ({ project, params, body, requestId }) => {
    const { campaigns, vouchers } = project.state;
    const added = campaigns.addVouchers(params.campaignId, { ...body, code: params.code }, 1, { requestId });
    return { status: 200, body: vouchers.present(vouchers.get(added.id)) };
  },
  importVouchersToCampaign: ({ project, params, body, requestId }) => {
    const action = project.state.campaigns.importVouchers(
      params.campaignId,
      'CAMPAIGN.VOUCHERS_IMPORT',
      jsonImportRows(body, false),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  importVouchersToCampaignUsingCsv: ({ project, params, body, requestId }) => {
    const { campaigns } = project.state;
    const rows = csvImportRows(body.file, campaigns.get(params.campaignId).voucher?.type);
    return {
      status: 200,
      body: {
        async_action_id: campaigns.importVouchers(params.campaignId, 'CAMPAIGN.VOUCHERS_IMPORT_CSV', rows, {
          requestId,
        }).id,
      },
    };
  },
  listCampaignTransactions: ({ project, params, query }) => {
    const { campaigns, vouchers } = project.state;
    const transactions = vouchers.transactions.ofCampaign(campaigns.get(params.campaignId).id);
    const page = transactionPage(transactions, {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
      filters: query.filters,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after', 'total']) };
  },
  exportCampaignTransactions: ({ project, params, body }) => {
    const { campaigns, exports } = project.state;
    return {
      status: 200,
      body: exportTransactionsOf(exports, body.parameters, {
        campaign_id: campaigns.get(params.campaignId).id,
      }) as never,
    };
  },
  getCampaignSummary: ({ project, params, query }) => ({
    status: 200,
    body: project.state.campaigns.summary(params.campaignId, query),
  }),
} satisfies HandlerMap;
