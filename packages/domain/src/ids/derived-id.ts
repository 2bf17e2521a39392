import { finishId, startId, writeHex } from './id-text.js';
import type { IdPrefix } from './resource-id.js';

const mix = (hash: number): number => {
  let h = hash;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * The id of a record that belongs to another one and is never looked up by its id, such as a
 * card's transactions and points buckets: the prefix, `_`, and 18 lowercase hex characters of a
 * 72-bit hash of the owner's id and the record's number on it. The same owner and number always
 * give the same id, so a store can keep the number (a small integer, stored inside the record)
 * and write the id when it shows the record, instead of keeping a 40-byte string. Two records
 * share an id with a chance of about n² / 2^73 for n records (one in a million for 10^8).
 *
 * @param prefix - The record type's prefix.
 * @param ownerId - The id of the record it belongs to.
 * @param serial - Its number among the owner's records of this type, a whole number from 0.
 * @returns The id, in the form of {@link createIdFactory}'s.
 * @throws RangeError when `serial` is not a whole number from 0 to 2^32 - 1.
 * @example
 * ```ts
 * derivedId('vtx', 'v_0b5f49fb31c3bf6ab0', 0); // 'vtx_…' (18 hex characters), the same on every call
 * ```
 */
export function derivedId(prefix: IdPrefix, ownerId: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 0xffffffff) throw new RangeError(`a derived id's number is a whole number from 0 to 2^32 - 1, not ${String(serial)}`);
  // Three 32-bit FNV-1a hashes with different offsets over the prefix, the owner and the number, each finished by murmur3's mix.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ serial;
  let c = 0x9e3779b9;
  // The prefix, a separator, then the owner: read in place, without joining them first.
  const length = prefix.length + 1 + ownerId.length;
  for (let index = 0; index < length; index += 1) {
    const code = index < prefix.length ? prefix.charCodeAt(index) : index === prefix.length ? 0x3a : ownerId.charCodeAt(index - prefix.length - 1);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193);
    c = Math.imul(c ^ code, 0x01000193);
  }
  a = mix(a ^ serial);
  b = mix(b ^ Math.imul(serial, 0x9e3779b1));
  c = mix(c ^ a ^ (serial >>> 16));
  const start = startId(`${prefix}_`);
  writeHex(c, start, 2);
  writeHex(a, start + 2, 8);
  writeHex(b, start + 10, 8);
  return finishId(start + 18);
}
