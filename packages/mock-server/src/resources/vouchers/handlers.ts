import type { HandlerMap } from '../../http/handler.js';

/** Vouchers: create (with a given or generated code), read, change, switch on and off, balances and sessions. */
export const voucherHandlers = {
  generateRandomCode: ({ project, body }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.create(body)) };
  },
  createVoucher: ({ project, params, body }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.create(body, params.code)) };
  },
  getVoucher: ({ project, params }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.get(params.code)) };
  },
  updateVoucher: ({ project, params, body }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.update(params.code, body)) };
  },
  enableVoucher: ({ project, params }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.setActive(params.code, true)) };
  },
  disableVoucher: ({ project, params }) => {
    const { vouchers } = project.state;
    return { status: 200, body: vouchers.present(vouchers.setActive(params.code, false)) };
  },
  updateVoucherBalance: ({ project, params, body }) => {
    const { transaction } = project.state.vouchers.changeBalance(params.code, body);
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
  releaseValidationSession: ({ project, params }) => {
    project.state.vouchers.releaseSession(params.code, params.sessionKey);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
