import { VoucherkitError } from '@voucherkit/client';

/** The element of the page with this id, of the expected kind; a page without it is a bug. */
export const byId = <T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T => {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`${location.pathname} has no #${id}`);
  return element;
};

/** One line for a failure: the service's status, error key and details when it answered, else why no answer came. */
export const describeError = (error: unknown): string => {
  if (error instanceof VoucherkitError && error.status !== undefined) {
    return `${String(error.status)} ${error.key ?? 'error'}: ${error.details ?? error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
};
