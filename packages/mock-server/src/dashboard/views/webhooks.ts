import { fill, h, json, table, when } from '../dom.js';
import { type DashboardContext, type View, attempt } from '../context.js';

/** A delivery as `GET /_voucherkit/webhook-deliveries` lists it. */
interface Delivery {
  readonly project_id: string;
  readonly id: string;
  readonly webhookId: string;
  readonly targetUrl: string;
  readonly type: string;
  readonly createdAt: string;
  readonly status: string;
  readonly attempts: readonly { at: string; status?: number; error?: string; durationMs: number }[];
  readonly nextAttemptAt?: string;
  readonly payload: unknown;
  readonly signature?: string;
}

/** A webhook configuration of the management API. */
interface Webhook {
  readonly id: string;
  readonly target_url: string;
  readonly events: readonly string[];
  readonly active: boolean;
}

/** The events most apps subscribe to, offered as choices; others can be typed. */
const EVENTS = [
  'voucher.created',
  'voucher.updated',
  'voucher.published',
  'redemption.succeeded',
  'redemption.failed',
  'redemption.rollback.succeeded',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.rewarded',
  'customer.loyalty.points.added',
  'customer.loyalty.tier.upgraded',
  'order.created',
  'order.paid',
  'publication.succeeded',
];

/** The webhooks view: the project's configurations, every delivery live, resend, add a target. */
export const webhooksView: View = {
  id: 'webhooks',
  label: 'Webhooks',
  mount(element, context: DashboardContext) {
    const deliveries = new Map<string, Delivery>();
    let selected: string | undefined;
    const configurations = h('div');
    const list = h('div', { class: 'list', 'data-testid': 'delivery-list' });
    const detail = h('section', { class: 'detail', 'aria-label': 'Delivery' });
    const target = h('input', {
      id: 'webhook-target',
      type: 'url',
      required: true,
      placeholder: 'http://127.0.0.1:3000/hooks',
      size: 40,
    });
    const extra = h('input', { id: 'webhook-extra', placeholder: 'other events, comma-separated', size: 30 });
    const boxes = EVENTS.map((name) => h('input', { type: 'checkbox', value: name, id: `event-${name}` }));
    const form = h(
      'form',
      {
        class: 'card',
        onsubmit: (event: Event) => {
          event.preventDefault();
          attempt(context, add)();
        },
      },
      h('h2', null, 'Add a target'),
      h('div', { class: 'row' }, h('label', { for: 'webhook-target' }, 'Target URL'), target),
      h(
        'fieldset',
        { class: 'events' },
        h('legend', null, 'Events'),
        boxes.map((box) => h('label', null, box, ` ${box.value}`)),
        extra,
      ),
      h('button', { type: 'submit' }, 'Add target'),
    );
    fill(
      element,
      h('h2', null, 'Deliveries'),
      h('div', { class: 'split' }, list, detail),
      h('div', { class: 'columns' }, form, h('div', null, h('h2', null, 'Targets'), configurations)),
    );

    const projectPath = () => `/management/v1/projects/${context.project().id}/webhooks`;

    async function add(): Promise<void> {
      const events = [
        ...boxes.filter((box) => box.checked).map((box) => box.value),
        ...extra.value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      ];
      if (events.length === 0) return context.say('Choose at least one event.', true);
      await context.api.manage('POST', projectPath(), { target_url: target.value, events });
      context.say(`Webhooks of ${events.join(', ')} now go to ${target.value}.`);
      form.reset();
      await loadConfigurations();
    }

    async function loadConfigurations(): Promise<void> {
      const { data } = await context.api.manage<{ data: Webhook[] }>('GET', projectPath());
      fill(
        configurations,
        table(
          ['target', 'events', 'active'],
          data.map((webhook) =>
            h(
              'tr',
              null,
              h('td', { class: 'path' }, webhook.target_url),
              h('td', null, webhook.events.join(', ')),
              h('td', null, webhook.active ? 'yes' : 'no'),
            ),
          ),
          "No targets: add one to receive the project's events.",
        ),
      );
    }

    const render = (): void => {
      const shown = [...deliveries.values()]
        .filter((delivery) => delivery.project_id === context.project().id)
        .reverse();
      fill(
        list,
        table(
          ['created', 'event', 'target', 'status', 'attempts'],
          shown.map((delivery) =>
            h(
              'tr',
              {
                class: `${delivery.status === 'FAILED' ? 'error' : ''} ${delivery.id === selected ? 'selected' : ''}`,
                'data-delivery-id': delivery.id,
                onclick: () => open(delivery.id),
              },
              h('td', null, when(delivery.createdAt)),
              h('td', null, delivery.type),
              h('td', { class: 'path' }, delivery.targetUrl),
              h('td', { class: 'status' }, delivery.status),
              h('td', { class: 'number' }, delivery.attempts.length),
            ),
          ),
          'No deliveries yet.',
        ),
      );
      if (selected !== undefined) showDetail(deliveries.get(selected));
    };

    const showDetail = (delivery: Delivery | undefined): void => {
      if (delivery === undefined) return fill(detail);
      fill(
        detail,
        h('h2', null, `${delivery.type} → ${delivery.targetUrl}`),
        h(
          'p',
          null,
          `${delivery.id} · ${delivery.status}${delivery.nextAttemptAt ? ` · next attempt ${when(delivery.nextAttemptAt)}` : ''}`,
        ),
        h('button', { type: 'button', onclick: attempt(context, () => resend(delivery)) }, 'Resend'),
        h('h3', null, 'Signature'),
        h('pre', { class: 'json' }, delivery.signature ?? 'not sent yet'),
        h('h3', null, 'Attempts'),
        table(
          ['at', 'answer', 'time'],
          delivery.attempts.map((tried) =>
            h(
              'tr',
              null,
              h('td', null, when(tried.at)),
              h('td', null, tried.status ?? tried.error ?? ''),
              h('td', { class: 'number' }, `${tried.durationMs} ms`),
            ),
          ),
          'Not attempted yet.',
        ),
        h('h3', null, 'Envelope'),
        json(delivery.payload),
      );
    };

    const open = (id: string): void => {
      selected = id;
      render();
    };

    async function resend(delivery: Delivery): Promise<void> {
      const again = await context.api.control<Delivery>('POST', '/webhook-deliveries/resend', { id: delivery.id });
      deliveries.set(again.id, again);
      context.say(`Sent again as ${again.id}.`);
      open(again.id);
    }

    const load = attempt(context, async () => {
      const { data } = await context.api.control<{ data: Delivery[] }>('GET', '/webhook-deliveries');
      deliveries.clear();
      for (const delivery of data) deliveries.set(delivery.id, delivery);
      render();
      await loadConfigurations();
    });
    context.onStream('deliveries', (data) => {
      for (const delivery of (data as { deliveries: Delivery[] }).deliveries) deliveries.set(delivery.id, delivery);
      render();
    });
    context.onChange(load);
    load();
    return load;
  },
};
