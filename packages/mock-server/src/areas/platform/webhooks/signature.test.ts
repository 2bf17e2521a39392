import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookSigner } from './signature.js';

// The service's own example: key `secretKey`, body `{"a":1}`.
const EXPECTED = 'a17d2ac229d1ebbb5f10e839c7985c4818e5986eab297f7e5979196d4d7d3ed2';

describe('webhookSigner', () => {
  afterEach(() => vi.restoreAllMocks());

  it("signs as the service does with Node's crypto, at once", () => {
    expect(webhookSigner('secretKey')('{"a":1}')).toBe(EXPECTED);
  });

  it('signs the same with Web Crypto where Node’s crypto is missing (browsers)', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    const signed = webhookSigner('secretKey')('{"a":1}');
    expect(signed).toBeInstanceOf(Promise);
    expect(await signed).toBe(EXPECTED);
  });
});
