import type { VoucherkitClient } from '@voucherkit/client';

/** A shop's view of its promotion categories: ensure the ones it needs exist, in priority order. */
export const ensureCategories = async (
  client: VoucherkitClient,
  names: readonly string[],
): Promise<Map<string, string>> => {
  const existing = await client.categories.list();
  const ids = new Map(existing.data.map((category) => [category.name, category.id]));
  for (const [index, name] of names.entries()) {
    if (!ids.has(name)) {
      const created = await client.categories.create({ name, hierarchy: index + 1 });
      ids.set(name, created.id);
    }
  }
  return ids;
};

/** Retires a category, also taking it out of the stacking rules when asked to. */
export const retireCategory = async (client: VoucherkitClient, id: string, force = false): Promise<void> => {
  await client.categories.delete(id, { remove_from_stacking_rules: force });
};
