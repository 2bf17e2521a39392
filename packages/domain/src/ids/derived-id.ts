import { finishId, startId, writeHex } from './id-text.js';
import { fmix32 } from './mix.js';
import type { IdPrefix } from './resource-id.js';

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
 */
export function derivedId(prefix: IdPrefix, ownerId: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 0xffffffff)
    throw new RangeError(`a derived id's number is a whole number from 0 to 2^32 - 1, not ${String(serial)}`);
  // Two 32-bit FNV-1a hashes with different offsets over the prefix and the owner (64 bits, so two
  // owners share them with a chance of n² / 2^65), then murmur3's mix of each with the number.
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  // The prefix, a separator, then the owner: read in place, without joining them first.
  const length = prefix.length + 1 + ownerId.length;
  for (let index = 0; index < length; index += 1) {
    const code =
      index < prefix.length
        ? prefix.charCodeAt(index)
        : index === prefix.length
          ? 0x3a
          : ownerId.charCodeAt(index - prefix.length - 1);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193);
  }
  const first = fmix32(a ^ serial);
  const second = fmix32(b ^ Math.imul(serial, 0x9e3779b1));
  const third = fmix32(first ^ second ^ 0x5bd1e995);
  const start = startId(`${prefix}_`);
  writeHex(third, start, 2);
  writeHex(first, start + 2, 8);
  writeHex(second, start + 10, 8);
  return finishId(start + 18);
}
