/**
 * A resource's metadata: key/value attributes of the caller's own.
 */
export type Metadata = Readonly<Record<string, unknown>>;

/**
 * The metadata after an update, as the service applies one: the keys sent replace theirs and the
 * others stay, a key sent as `null` is removed, `unset` removes keys, and `null` instead of an
 * object removes every key (a cleared field). A patch left out changes nothing.
 *
 * @param current - The metadata before the update (none counts as empty).
 * @param patch - The update's `metadata`: an object, `null`, or undefined when not sent.
 * @param unset - Keys to remove (`unset_metadata_fields`), applied after the merge.
 * @returns The new metadata; `current` is never changed.
 */
export function patchMetadata(
  current: Metadata | null | undefined,
  patch: Metadata | null | undefined,
  unset: readonly string[] = [],
): Record<string, unknown> {
  if (patch === null) return {};
  const removed = new Set(unset);
  return Object.fromEntries(
    Object.entries({ ...current, ...patch }).filter(
      ([key, value]) => !removed.has(key) && !(value === null && patch !== undefined && key in patch),
    ),
  );
}
