import { VoucherkitError, createClient } from '@voucherkit/client';

const byId = <T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T => {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`sandbox.html has no #${id}`);
  return element;
};

const form = byId('check-code', HTMLFormElement);
const result = byId('result', HTMLParagraphElement);
const errorLine = byId('error', HTMLParagraphElement);

/** One line for a failure: the service's status, key and details, or why no answer came. */
const describeError = (error: unknown): string => {
  if (error instanceof VoucherkitError && error.status !== undefined) {
    return `${String(error.status)} ${error.key ?? 'error'}: ${error.details ?? error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
};

/**
 * Validates one code with client-side keys. The browser sends the page's `Origin` itself; the
 * sandbox answers the CORS preflight of the client's headers (`X-Client-*`, `X-Voucherify-Channel`).
 */
const check = async (fields: FormData): Promise<void> => {
  result.textContent = '';
  errorLine.hidden = true;
  const client = createClient({
    baseUrl: String(fields.get('url')),
    auth: { type: 'client', clientAppId: String(fields.get('clientAppId')), clientToken: String(fields.get('clientToken')) },
    retry: false,
  });
  try {
    const validation = await client.clientSide.validateStackable({
      redeemables: [{ object: 'voucher', id: String(fields.get('code')) }],
      order: { amount: Number(fields.get('amount')) },
    });
    const discount = validation.order?.total_discount_amount ?? 0;
    result.textContent = validation.valid ? `Valid: ${String(discount)} off` : 'Not valid';
  } catch (error) {
    errorLine.textContent = describeError(error);
    errorLine.hidden = false;
  }
};

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void check(new FormData(form));
});
