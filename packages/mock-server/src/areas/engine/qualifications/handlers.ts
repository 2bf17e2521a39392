import type { HandlerMap } from '../../../http/handler.js';

/** Qualifications, server and client side: the same answer to both kinds of key. */
export const qualificationHandlers = {
  checkEligibility: ({ project, body }) => ({ status: 200, body: project.state.qualifications.check(body) }),
  checkEligibilityClientSide: ({ project, body }) => ({ status: 200, body: project.state.qualifications.check(body) }),
} satisfies HandlerMap;
