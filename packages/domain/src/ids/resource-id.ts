import { finishId, startId, writeHex } from './id-text.js';
import { fmix32 } from './mix.js';
import type { RandomSource } from './random-source.js';

/**
 * The id prefixes the service uses, one per resource type (for example `camp` for campaigns,
 * `v` for vouchers, `cat` for categories). An id is the prefix, `_`, and 18 lowercase hex
 * characters.
 */
export const ID_PREFIXES = [
  'camp',
  'promo',
  'stack',
  'v',
  'r',
  'rr',
  'rf',
  'rrf',
  'valid',
  'ssn',
  'cust',
  'track',
  'ord',
  'ordli',
  'prod',
  'sku',
  'pc',
  'val',
  'asgm',
  'rew',
  'rewa',
  'rewr',
  'ern',
  'auto',
  'ltr',
  // Referral tiers: the service documents no example id; `rtr` as loyalty tiers are `ltr` (decision 0044).
  'rtr',
  'lopp',
  'lopb',
  'vtx',
  'seg',
  'cat',
  'pub',
  'rh',
  'aa',
  'exp',
  'ms',
  // Event ids carry their family: `evcus` and `evred` appear in the service's payloads; the other
  // families follow the same rule (`ev` and the first three letters of the event's first segment).
  'evcus',
  'evred',
  'evvou',
  'evcam',
  'evpub',
  'evbus',
  'evman',
  'loc',
  'wh',
  'whs',
  'stk',
  'proj',
  'tbe',
  // Record of a customer's permanent deletion (`del_…`, as the service's example shows).
  'del',
  // Activities of segments and of product collections: `ev` and the first three letters of the
  // resource, as the service's event ids are formed.
  'evseg',
  'evpro',
  // A project's brand configuration (`brd_…`, as the service's branding examples show).
  'brd',
  // Consents (marketing permissions) and their groups, as the service's consent examples show.
  'cnst',
  'cnstgr',
  // Campaign templates (`camp_tpl_…`, as every template example of the service shows): the only
  // prefix with an underscore of its own.
  'camp_tpl',
  // Users of the organisation (`user_…`, as the management API's user examples show).
  'user',
] as const;

/**
 * One of the service's id prefixes, see {@link ID_PREFIXES}.
 */
export type IdPrefix = (typeof ID_PREFIXES)[number];

/**
 * Makes ids in the service's form. Call it with a prefix for a resource id; call
 * {@link IdFactory.requestId} for a request id (`v-` and 18 hex characters, the form of the
 * `request_id` in error bodies).
 */
export interface IdFactory {
  /**
   * A new resource id, such as `cat_0b5f49fb31c3bf6ab0`.
   *
   * @param prefix - The resource type's prefix.
   */
  (prefix: IdPrefix): string;
  /** A new request id, such as `v-0c5d710a63c4110ae9`. */
  requestId(): string;
  /** How many ids the factory has made: save it to make the same ids again later with {@link IdFactory.seek}. */
  position(): number;
  /**
   * Goes back (or forward) to a position: the next id is the one the factory made, or would
   * make, after `position` ids.
   *
   * @throws RangeError when `position` is not a whole number from 0 to 2^53 - 1.
   */
  seek(position: number): void;
}

const HALF_BITS = 36;
const HALF_SIZE = 2 ** HALF_BITS;
const TWO_POW_32 = 2 ** 32;
const ROUNDS = 4;
/** The head of each known prefix's ids (`cust_` for `cust`), made once rather than for every id. */
const HEADS: ReadonlyMap<string, string> = new Map(ID_PREFIXES.map((prefix) => [prefix, `${prefix}_`]));

const high = (value: number): number => Math.floor(value / TWO_POW_32);
const low = (value: number): number => value >>> 0;

/** XOR of two 36-bit numbers; JavaScript's `^` only works on 32 bits. */
const xor36 = (x: number, y: number): number => (high(x) ^ high(y)) * TWO_POW_32 + ((low(x) ^ low(y)) >>> 0);

interface RoundKey {
  readonly a: number;
  readonly b: number;
}

/** Feistel round function: any 36-bit to 36-bit mix works, it need not be invertible. */
const roundFunction = (half: number, key: RoundKey): number => {
  const x = fmix32(low(half) ^ key.a ^ Math.imul(high(half) + 1, 0x9e3779b9));
  const y = fmix32(x ^ key.b);
  return (y & 0xf) * TWO_POW_32 + x;
};

/** Writes a 36-bit half as 9 hex digits at `at`. */
const writeHalf = (half: number, at: number): void => {
  writeHex(Math.floor(half / TWO_POW_32), at, 1);
  writeHex(half >>> 0, at + 1, 8);
};

/**
 * Creates a generator of ids in the service's form: a prefix, `_`, and 18 lowercase hex
 * characters (`cat_0b5f49fb31c3bf6ab0`). The 18 characters of the n-th id are a keyed 72-bit
 * permutation (a Feistel network) of n, with keys drawn from `random` once. Hence the ids look
 * random, depend only on the random source's sequence, and never repeat within one factory
 * (across all prefixes and request ids) for 2^53 draws.
 *
 * @param random - Source of the permutation keys; a seeded one makes the ids deterministic.
 * @returns An {@link IdFactory}.
 * @throws RangeError when called with a prefix that is not one of {@link ID_PREFIXES}, or after
 *   2^53 ids.
 */
export function createIdFactory(random: RandomSource): IdFactory {
  const keys: RoundKey[] = [];
  for (let i = 0; i < ROUNDS; i++) keys.push({ a: random.int(TWO_POW_32), b: random.int(TWO_POW_32) });
  let counter = 0;

  /** The id: `head`, then the 18 hex digits of the next position's permutation. */
  const next = (head: string): string => {
    if (counter >= Number.MAX_SAFE_INTEGER) throw new RangeError('id space of this factory is used up');
    let left = Math.floor(counter / HALF_SIZE);
    let right = counter % HALF_SIZE;
    counter += 1;
    for (const key of keys) {
      const mixed = xor36(left, roundFunction(right, key));
      left = right;
      right = mixed;
    }
    const length = startId(head);
    writeHalf(left, length);
    writeHalf(right, length + 9);
    return finishId(length + 18);
  };

  const createId = (prefix: IdPrefix): string => {
    const head = HEADS.get(prefix);
    if (head === undefined) throw new RangeError(`unknown id prefix: ${String(prefix)}`);
    return next(head);
  };

  return Object.assign(createId, {
    requestId: (): string => next('v-'),
    position: (): number => counter,
    seek(position: number): void {
      if (!Number.isSafeInteger(position) || position < 0)
        throw new RangeError(`an id factory's position is a whole number from 0, not ${String(position)}`);
      counter = position;
    },
  });
}
