import { type Schemas, type VoucherkitClient, createClient } from '@voucherkit/client';
import { byId, describeError } from './page.js';

const status = byId('status', HTMLParagraphElement);
const form = byId('create-category', HTMLFormElement);
const submit = byId('create', HTMLButtonElement);
const errorLine = byId('error', HTMLParagraphElement);
const list = byId('categories', HTMLOListElement);

const showError = (error: unknown): void => {
  errorLine.textContent = error === undefined ? '' : describeError(error);
  errorLine.hidden = error === undefined;
};

const render = (categories: readonly Schemas['Category'][]): void => {
  list.replaceChildren(
    ...categories.map((category) => {
      const item = document.createElement('li');
      item.dataset.id = category.id;
      // textContent, never innerHTML: names are user input.
      item.textContent = `${category.name} (hierarchy ${String(category.hierarchy)})`;
      return item;
    }),
  );
};

/** Shows the categories in the service's order (newest first). */
const refresh = async (client: VoucherkitClient): Promise<void> => {
  const categories: Schemas['Category'][] = [];
  for await (const category of client.paginate('/v1/categories')) categories.push(category);
  render(categories);
};

const createCategory = async (client: VoucherkitClient, name: string, hierarchy: number): Promise<void> => {
  submit.disabled = true;
  showError(undefined);
  try {
    // Resource methods throw the service's error (a 409 `duplicate_found` for a taken name) as a VoucherkitError.
    await client.categories.create({ name, hierarchy });
    form.reset();
    await refresh(client);
  } catch (error) {
    showError(error);
  } finally {
    submit.disabled = false;
  }
};

const start = async (): Promise<void> => {
  // The mock comes in chunks of its own (`./mock.ts`), as an app keeps it out of its production
  // bundle, so the page's first chunk holds the app and the client only; the mock fetches the
  // schemas it checks requests with on the first request. Same origin as the page: the worker
  // answers everything under /api, and a request it somehow missed could only reach the server
  // that served the page, never the real service.
  const { startMock } = await import('./mock.js');
  const service = await startMock(`${location.origin}/api`);

  // The mock's keys are fakes that only this page knows; never put real server keys in a browser.
  const { appId, appToken } = service.projects.primary.keys;
  const client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    void createCategory(client, String(fields.get('name')), Number(fields.get('hierarchy')));
  });
  await refresh(client);
  submit.disabled = false;
  status.textContent = `Mock service ready: ${service.baseUrl} is answered inside this page.`;
};

start().catch((error: unknown) => {
  status.textContent = 'The mock service did not start.';
  showError(error);
});
