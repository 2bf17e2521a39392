/**
 * Writes ids as character codes and makes each with one `String.fromCharCode`: a flat string (a
 * string built by `+` or a template is a rope of its parts, about 140 bytes of heap instead of 50),
 * without the array of parts that `join` needs. Internal to the id makers.
 */

/** The character code of each hex digit. */
const HEX_CODES: readonly number[] = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));

/** The character codes of an id's head (`cat_`, `v-` …), made once for each. */
const headCodes = new Map<string, readonly number[]>();

/** Where an id's character codes are written, then read by `String.fromCharCode` in one call. */
const scratch: number[] = [];

/**
 * Starts an id with its head.
 *
 * @returns Where its digits start.
 */
export const startId = (head: string): number => {
  let codes = headCodes.get(head);
  if (codes === undefined) {
    codes = Array.from(head, (character) => character.charCodeAt(0));
    headCodes.set(head, codes);
  }
  const length = codes.length;
  for (let index = 0; index < length; index += 1) scratch[index] = codes[index] as number;
  return length;
};

/** Writes the lowest `digits` hex digits of `value` (below 2^32) at `at`, the most significant first. */
export const writeHex = (value: number, at: number, digits: number): void => {
  let rest = value >>> 0;
  for (let index = at + digits - 1; index >= at; index -= 1) {
    scratch[index] = HEX_CODES[rest & 0xf] as number;
    rest >>>= 4;
  }
};

/** The id written so far, `length` characters long. */
export const finishId = (length: number): string => {
  scratch.length = length;
  return String.fromCharCode.apply(null, scratch);
};
