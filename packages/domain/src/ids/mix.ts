/** MurmurHash3's finishing mix of a 32-bit value: every bit of the result depends on every bit of the value. Internal to the id makers. */
export const fmix32 = (value: number): number => {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
