import type { HandlerMap } from '../../../http/handler.js';

/** Consents: the project's marketing permissions and each customer's answers, with server or client keys. */
export const consentHandlers = {
  listConsents: ({ project }) => ({ status: 200, body: project.state.consents.list() }),
  listConsentsClientSide: ({ project }) => ({ status: 200, body: project.state.consents.list() }),
  updateCustomerConsents: ({ project, params, body }) => {
    project.state.consents.record(params.customerId, body);
    return { status: 204, body: null };
  },
  updateCustomerConsentsClientSide: ({ project, params, body }) => {
    project.state.consents.record(params.customerId, body);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
