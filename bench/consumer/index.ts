// A typical consumer: typed calls through the published client, checked by `npm run bench`.
import { createClient, type components } from '@voucherkit/client';

type Category = components['schemas']['Category'];

const client = createClient({ auth: { type: 'server', appId: 'id', appToken: 'token' } });

export const categoryNames = async (): Promise<string[]> => {
  const { data, error } = await client.GET('/v1/categories');
  if (error) throw new Error(error.message);
  return (data.data ?? []).map((category: Category) => category.name);
};

export const rename = async (categoryId: string, name: string): Promise<Category | undefined> => {
  const { data } = await client.PUT('/v1/categories/{categoryId}', { params: { path: { categoryId } }, body: { name, hierarchy: 1 } });
  return data;
};
