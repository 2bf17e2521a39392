import { describe, expect, test } from 'vitest';
import { forwardWebhooks } from '../../src/sandbox/forward-webhooks.js';
import { createMockService, fullService } from '../../src/service.js';

describe('--forward-webhooks', () => {
  test('subscribes a webhook of the primary project to every event, once', () => {
    const service = fullService(createMockService({ seed: 'forward' }));
    const project = service.projects.primary;
    const webhook = forwardWebhooks(project, 'http://127.0.0.1:3000/hooks');
    expect(webhook).toMatchObject({ target_url: 'http://127.0.0.1:3000/hooks', active: true });
    for (const event of ['voucher.created', 'redemption.succeeded', 'customer.rewarded', 'voucher.gift.balance_added'])
      expect(project.state.webhooks.subscribers(event as never)).toEqual([webhook]);
    // The spelling of the service's list that means the same event is left out.
    expect(webhook.events.some((name) => name.endsWith('aded'))).toBe(false);
    // A restart with a data folder finds the webhook it made, and switches it on again if it was off.
    project.state.webhooks.disable(webhook.id);
    expect(forwardWebhooks(project, 'http://127.0.0.1:3000/hooks')).toMatchObject({ id: webhook.id, active: true });
    expect(project.state.webhooks.list()).toHaveLength(1);
    expect(forwardWebhooks(project, 'http://127.0.0.1:4000/other').id).not.toBe(webhook.id);
  });
});
