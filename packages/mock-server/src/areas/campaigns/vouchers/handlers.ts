import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import { csvImportRows, jsonImportRows, metadataUpdateJob, voucherImportJob } from './jobs.js';
import { exportTransactionsOf } from './export-source.js';
import { clientVoucher } from './shapes.js';
import { transactionPage } from './transactions.js';

/** Vouchers: create (with a given or generated code), list (also with client keys), read, change, delete, switch on and off, balances, imports and sessions. */
export const voucherHandlers = {
  listVouchers: ({ project, query }) => {
    const { vouchers } = project.state;
    const page = vouchers.list(query);
    return {
      status: 200,
      body: listBody('vouchers', { ...page, items: page.items.map((voucher) => vouchers.listed(voucher)) }, ['total']),
    };
  },
  listVouchersClientSide: ({ project, query }) => {
    const page = project.state.vouchers.list(query);
    return { status: 200, body: listBody('vouchers', { ...page, items: page.items.map(clientVoucher) }, ['total']) };
  },
  generateRandomCode: ({ project, body, requestId }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.create(body, { requestId })) };
  },
  createVoucher: ({ project, params, body, requestId }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.create({ ...body, code: params.code }, { requestId })) };
  },
  getVoucher: ({ project, params }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.get(params.code)) };
  },
  updateVoucher: ({ project, params, body, requestId }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.update(params.code, body, { requestId })) };
  },
  deleteVoucher: ({ project, params, query, requestId }) => {
    project.state.vouchers.delete(params.code, query.force ?? false, { requestId });
    return { status: 204, body: null };
  },
  enableVoucher: ({ project, params, requestId }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.setActive(params.code, true, { requestId })) };
  },
  disableVoucher: ({ project, params, requestId }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.setActive(params.code, false, { requestId })) };
  },
  updateVoucherBalance: ({ project, params, body, requestId }) => {
    const { transaction } = project.state.vouchers.transactions.changeBalance(params.code, body, { requestId });
    const { balance } = transaction.details;
    return {
      status: 200,
      body: {
        amount: body.amount,
        total: balance.total,
        balance: balance.balance,
        type: balance.type,
        operation_type: 'MANUAL',
        object: 'balance',
        related_object: { type: 'voucher', id: transaction.voucher_id },
      },
    };
  },
  listVoucherTransactions: ({ project, params, query }) => {
    const page = transactionPage(project.state.vouchers.transactions.of(params.code), {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after', 'total']) };
  },
  exportVoucherTransactions: ({ project, params, body }) => {
    const { vouchers, exports } = project.state;
    return {
      status: 200,
      body: exportTransactionsOf(exports, body.parameters, { voucher_id: vouchers.get(params.code).id }) as never,
    };
  },
  importVouchers: ({ project, body, requestId }) => {
    const { asyncActions, vouchers } = project.state;
    const action = asyncActions.start(
      'VOUCHERS.IMPORT',
      voucherImportJob(vouchers, jsonImportRows(body, true), { silent: true }),
      { requestId },
    );
    return { status: 202, body: { async_action_id: action.id } };
  },
  importVouchersUsingCsv: ({ project, body, requestId }) => {
    const { asyncActions, vouchers } = project.state;
    const origin = { requestId, silent: body.webhooks_enable !== true };
    const job = voucherImportJob(vouchers, csvImportRows(body.file), origin);
    return { status: 202, body: { async_action_id: asyncActions.start('VOUCHERS.IMPORT_CSV', job, origin).id } };
  },
  updateVouchersInBulk: ({ project, body, requestId }) => {
    const { asyncActions, vouchers } = project.state;
    return {
      status: 202,
      body: {
        async_action_id: asyncActions.start('VOUCHERS.BULK_UPDATE', metadataUpdateJob(vouchers, body), { requestId })
          .id,
      },
    };
  },
  updateVouchersMetadataInBulk: ({ project, body, requestId }) => {
    const { asyncActions, vouchers } = project.state;
    const updates = body.codes.map((code) => ({ code, metadata: body.metadata }));
    return {
      status: 202,
      body: {
        async_action_id: asyncActions.start('VOUCHERS.METADATA_UPDATE', metadataUpdateJob(vouchers, updates), {
          requestId,
        }).id,
      },
    };
  },
  releaseValidationSession: ({ project, params }) => {
    project.state.vouchers.sessions.release(params.code, params.sessionKey);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
