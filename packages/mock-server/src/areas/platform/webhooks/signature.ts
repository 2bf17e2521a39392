const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** What signing needs of Node's `crypto` module. */
interface NodeHmac {
  createSecretKey(key: Uint8Array): unknown;
  createHmac(algorithm: 'sha256', key: unknown): { update(data: string): { digest(encoding: 'hex'): string } };
}

/**
 * Node's own HMAC, when the mock runs in Node (22 or later): synchronous and about ten times
 * cheaper than a Web Crypto call, whose every call builds an error object in advance.
 */
const nodeHmac = (): NodeHmac | undefined =>
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:crypto',
  ) as NodeHmac | undefined;

/** Web Crypto's HMAC, for browsers; the key is imported once. */
const webCryptoSigner = (secret: string): ((body: string) => Promise<string>) => {
  let key: Promise<CryptoKey> | undefined;
  return async (body) => {
    key ??= crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(body)));
    let hex = '';
    for (const byte of mac) hex += HEX[byte];
    return hex;
  };
};

/**
 * Signs webhook bodies as the service does: the hex HMAC-SHA256 of the exact body, keyed with the
 * project's webhook secret, for the `x-voucherify-signature` header. Node's `crypto` where it
 * exists, Web Crypto in browsers.
 *
 * @param secret - The project's `webhook_token`.
 * @returns A function from a body to its signature: at once in Node, a promise with Web Crypto.
 */
export const webhookSigner = (secret: string): ((body: string) => string | Promise<string>) => {
  const node = nodeHmac();
  if (node === undefined) return webCryptoSigner(secret);
  const key = node.createSecretKey(encoder.encode(secret));
  return (body) => node.createHmac('sha256', key).update(body).digest('hex');
};
