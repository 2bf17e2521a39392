import { type ChartPoint, stepChart } from '../chart.js';
import { type Child, fill, h, json, table, when } from '../dom.js';
import { type DashboardContext, type View, attempt } from '../context.js';

type Item = Record<string, unknown> & { id: string };

/** A field of an item, by a path of names. */
const at = (item: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, name) => (value as Record<string, unknown> | null | undefined)?.[name], item);

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A voucher's state at the mock's time: switched off, not started, expired or active. */
const voucherState = (voucher: Item, now: number): string => {
  if (voucher['active'] === false) return 'DISABLED';
  const start = text(voucher['start_date']);
  const end = text(voucher['expiration_date']);
  if (start !== '' && Date.parse(start) > now) return 'NOT_ACTIVE_YET';
  if (end !== '' && Date.parse(end) < now) return 'EXPIRED';
  return 'ACTIVE';
};

/** A balance as the service counts it: gift credits in cents, points as they are. */
const balanceOf = (voucher: Item): string => {
  const gift = at(voucher, 'gift', 'balance');
  if (typeof gift === 'number') return (gift / 100).toFixed(2);
  const points = at(voucher, 'loyalty_card', 'balance');
  return typeof points === 'number' ? `${points} points` : '';
};

/** One list of the data view: where it reads, its columns, and what opens an item. */
interface Kind {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly key: string;
  readonly columns: readonly [string, (item: Item, now: number) => Child][];
  readonly open?: (item: Item, context: DashboardContext) => Promise<Child[]>;
}

/** A customer's loyalty cards, each with the chart of its points over time. */
const cardsOf = async (customer: Item, context: DashboardContext): Promise<Child[]> => {
  const project = context.project();
  const { vouchers } = await context.api.api<{ vouchers: Item[] }>(
    project,
    'GET',
    `/v1/vouchers?customer=${encodeURIComponent(customer.id)}&limit=100`,
  );
  const cards = vouchers.filter((voucher) => voucher['type'] === 'LOYALTY_CARD');
  const shown = await Promise.all(
    cards.map(async (card) => {
      const { data } = await context.api.api<{ data: Item[] }>(
        project,
        'GET',
        `/v1/loyalties/members/${encodeURIComponent(text(card['code']))}/transactions?limit=100`,
      );
      const points: ChartPoint[] = data
        .map((transaction) => ({
          at: text(transaction['created_at']),
          value: Number(at(transaction, 'details', 'balance', 'balance') ?? 0),
        }))
        .sort((a, b) => a.at.localeCompare(b.at));
      return h(
        'div',
        { class: 'card', 'data-card': text(card['code']) },
        h('h3', null, `Loyalty card ${text(card['code'])}: ${balanceOf(card)}`),
        stepChart(points, `Points of ${text(card['code'])} over time`),
      );
    }),
  );
  return [h('h3', null, 'Loyalty cards'), shown.length === 0 ? h('p', { class: 'empty' }, 'No loyalty card.') : shown];
};

/** A voucher's redemptions and balance. */
const redemptionsOf = async (voucher: Item, context: DashboardContext): Promise<Child[]> => {
  const found = await context.api.api<{ redemption_entries?: Item[] }>(
    context.project(),
    'GET',
    `/v1/vouchers/${encodeURIComponent(text(voucher['code']))}/redemption`,
  );
  const entries = found.redemption_entries ?? [];
  return [
    h(
      'p',
      null,
      `Balance: ${balanceOf(voucher) || '—'} · redeemed ${text(at(voucher, 'redemption', 'redeemed_quantity')) || 0} times`,
    ),
    h('h3', null, 'Redemptions'),
    table(
      ['id', 'date', 'result', 'amount'],
      entries.map((entry) =>
        h(
          'tr',
          null,
          h('td', null, entry.id),
          h('td', null, when(text(entry['date']))),
          h('td', null, text(entry['result'] ?? entry['status'])),
          h('td', { class: 'number' }, text(at(entry, 'order', 'amount'))),
        ),
      ),
      'No redemptions.',
    ),
  ];
};

const KINDS: readonly Kind[] = [
  {
    id: 'campaigns',
    label: 'Campaigns',
    path: '/v1/campaigns?limit=100',
    key: 'campaigns',
    columns: [
      ['name', (item) => text(item['name'])],
      ['type', (item) => text(item['campaign_type'] ?? item['type'])],
      ['vouchers', (item) => text(item['vouchers_count'])],
      ['active', (item) => (item['active'] === false ? 'no' : 'yes')],
      ['expires', (item) => when(text(item['expiration_date']) || undefined)],
    ],
  },
  {
    id: 'vouchers',
    label: 'Vouchers',
    path: '/v1/vouchers?limit=100',
    key: 'vouchers',
    columns: [
      ['code', (item) => text(item['code'])],
      ['type', (item) => text(item['type'])],
      ['campaign', (item) => text(item['campaign'])],
      [
        'state',
        (item, now) => h('span', { class: `badge ${voucherState(item, now).toLowerCase()}` }, voucherState(item, now)),
      ],
      ['expires', (item) => when(text(item['expiration_date']) || undefined)],
      ['balance', (item) => balanceOf(item)],
      ['redeemed', (item) => text(at(item, 'redemption', 'redeemed_quantity'))],
    ],
    open: redemptionsOf,
  },
  {
    id: 'customers',
    label: 'Customers',
    path: '/v1/customers?limit=100',
    key: 'customers',
    columns: [
      ['name', (item) => text(item['name'])],
      ['email', (item) => text(item['email'])],
      ['source id', (item) => text(item['source_id'])],
    ],
    open: cardsOf,
  },
  {
    id: 'orders',
    label: 'Orders',
    path: '/v1/orders?limit=100',
    key: 'orders',
    columns: [
      ['id', (item) => item.id],
      ['status', (item) => text(item['status'])],
      ['amount', (item) => text(item['amount'])],
      ['customer', (item) => text(item['customer_id'] ?? at(item, 'customer', 'id'))],
      ['created', (item) => when(text(item['created_at']))],
    ],
  },
  {
    id: 'redemptions',
    label: 'Redemptions',
    path: '/v1/redemptions?limit=100',
    key: 'redemptions',
    columns: [
      ['id', (item) => item.id],
      ['date', (item) => when(text(item['date']))],
      ['kind', (item) => (item['object'] === 'redemption_rollback' ? 'rollback' : 'redemption')],
      ['result', (item) => text(item['result'] ?? item['status'])],
      ['voucher', (item) => text(at(item, 'voucher', 'code'))],
      ['customer', (item) => text(at(item, 'customer', 'source_id'))],
      ['amount', (item) => text(item['amount'])],
    ],
  },
];

/** The data view: the project's data, read through the API with its server keys. */
export const dataView: View = {
  id: 'data',
  label: 'Data',
  mount(element, context) {
    let kind = KINDS[1] as Kind;
    const tabs = h('div', { class: 'tabs', role: 'tablist' });
    const list = h('div', { class: 'list', 'data-testid': 'data-list' });
    const detail = h('section', { class: 'detail', 'aria-label': 'Item' });
    fill(element, tabs, h('div', { class: 'split' }, list, detail));

    const load = attempt(context, async () => {
      fill(
        tabs,
        KINDS.map((candidate) =>
          h(
            'button',
            {
              type: 'button',
              role: 'tab',
              'aria-selected': String(candidate === kind),
              onclick: () => {
                kind = candidate;
                fill(detail);
                load();
              },
            },
            candidate.label,
          ),
        ),
      );
      const [answer, clock] = await Promise.all([
        context.api.api<Record<string, unknown>>(context.project(), 'GET', kind.path),
        context.api.control<{ now: string }>('GET', '/clock'),
      ]);
      const now = Date.parse(clock.now);
      const items = (answer[kind.key] ?? answer['data'] ?? []) as Item[];
      fill(
        list,
        table(
          kind.columns.map(([label]) => label),
          items.map((item) =>
            h(
              'tr',
              { 'data-id': item.id, onclick: () => void open(item) },
              kind.columns.map(([, cell]) => h('td', null, cell(item, now))),
            ),
          ),
          `No ${kind.label.toLowerCase()}.`,
        ),
      );
    });

    const open = async (item: Item): Promise<void> => {
      const shown = kind;
      const more = shown.open
        ? await shown.open(item, context).catch((error: unknown) => [h('p', { class: 'error' }, String(error))])
        : [];
      fill(
        detail,
        h('h2', null, text(item['code'] ?? item['name'] ?? item.id)),
        more,
        h('h3', null, 'As the API returns it'),
        json(item),
      );
    };
    context.onChange(load);
    return load;
  },
};
