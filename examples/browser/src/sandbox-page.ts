import { createClient } from '@voucherkit/client';
import { byId, describeError } from './page.js';

const form = byId('check-code', HTMLFormElement);
const result = byId('result', HTMLParagraphElement);
const errorLine = byId('error', HTMLParagraphElement);

/**
 * Validates one code with client-side keys. The browser sends the page's `Origin` itself; the
 * sandbox answers the CORS preflight of the client's headers (`X-Client-*`, `X-Voucherify-Channel`).
 */
const check = async (fields: FormData): Promise<void> => {
  result.textContent = '';
  errorLine.hidden = true;
  const client = createClient({
    baseUrl: String(fields.get('url')),
    auth: {
      type: 'client',
      clientAppId: String(fields.get('clientAppId')),
      clientToken: String(fields.get('clientToken')),
    },
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
