/**
 * The exit code by which a step of `npm test` says it skipped itself (the convention of automake
 * and other test drivers): `scripts/run-steps.ts` reports it as skipped rather than failed.
 */
export const SKIPPED = 77;

/** Whether the environment is a CI run: `CI` set to anything but an empty string, `0` or `false`. */
export const inCi = (env: Readonly<Record<string, string | undefined>>): boolean => {
  const value = env['CI'];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
};
