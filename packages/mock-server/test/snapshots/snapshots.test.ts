import { describe, expect, test } from 'vitest';
import type { MockService, SnapshotImage } from '../../src/index.js';
import { createMockService, fullService } from '../../src/service.js';
import { clientOf, expectPendingWorkReplays, imageOf } from './round-trip.js';
import { T0 } from '../support/setup.js';

const OPTIONS = { clock: { frozenAt: T0 }, seed: 'snapshots' } as const;

/** A few writes of several areas, answering what the service answered. */
const someWrites = async (service: MockService): Promise<unknown[]> => {
  const client = clientOf(service);
  const answers: unknown[] = [];
  answers.push(await client.customers.create({ source_id: 'ana', name: 'Ana' }));
  answers.push(
    await client.vouchers.create('TEN', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      redemption: { quantity: 1 },
    } as never),
  );
  answers.push(
    await client.vouchers.generate({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 500 },
    } as never),
  );
  answers.push(
    await client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { amount: 5000 },
      customer: { source_id: 'ana' },
    }),
  );
  answers.push(
    await client.redemptions
      .redeemStackable({ redeemables: [{ object: 'voucher', id: 'TEN' }], order: { amount: 5000 } })
      .catch((error: unknown) => error),
  );
  answers.push(await client.customers.update('ana', { name: 'Ana Maria' } as never));
  return JSON.parse(JSON.stringify(answers)) as unknown[];
};

describe('snapshots', () => {
  test('a restore takes back every write since the snapshot, and the same writes then give the same answers', async () => {
    const service = createMockService(OPTIONS);
    const client = clientOf(service);
    await client.categories.create({ name: 'Seasonal', hierarchy: 1 });
    const snapshot = service.snapshot();
    const before = JSON.stringify(snapshot);
    const first = await someWrites(service);
    expect(imageOf(service)).not.toBe(before);
    service.restore(snapshot);
    expect(imageOf(service)).toBe(before);
    expect(await someWrites(service)).toEqual(first);
  });

  test("a listener added to a project's event log after a snapshot is gone once it is restored; the stores' own reactions stay", async () => {
    const service = fullService(createMockService(OPTIONS));
    const { events } = service.projects.primary.state;
    const early: string[] = [];
    events.subscribe((event) => early.push(event.type), { type: 'customer.created' });
    const snapshot = service.snapshot();
    const late: string[] = [];
    events.subscribe((event) => late.push(event.type), { type: 'customer.created' });
    await clientOf(service).customers.create({ source_id: 'ana' });
    expect([early.length, late.length]).toEqual([1, 1]);
    service.restore(snapshot);
    const first = await someWrites(service);
    expect([early.length, late.length]).toEqual([2, 1]);
    // The stores' reactions (segments, loyalty, webhooks …) still answer the same.
    service.restore(snapshot);
    expect(await someWrites(service)).toEqual(first);
  });

  test('the JSON of a snapshot loads into a new service with the same options, which then answers the same', async () => {
    const service = createMockService(OPTIONS);
    await clientOf(service).categories.create({ name: 'Seasonal', hierarchy: 1 });
    const snapshot = service.snapshot();
    const first = await someWrites(service);

    const other = createMockService(OPTIONS);
    const loaded = other.restore(JSON.parse(JSON.stringify(snapshot)) as SnapshotImage);
    expect(imageOf(other)).toBe(JSON.stringify(snapshot));
    expect(await someWrites(other)).toEqual(first);
    // The snapshot the load gave is restored by taking writes back from then on.
    other.restore(loaded);
    expect(imageOf(other)).toBe(JSON.stringify(snapshot));
  });

  test('a frozen clock goes back to the snapshot time; ids, the journal and failures start over', async () => {
    const service = createMockService(OPTIONS);
    const snapshot = service.snapshot();
    service.clock.advance(86_400_000);
    const { id } = await clientOf(service).categories.create({ name: 'Later', hierarchy: 1 });
    service.failures.inject({ status: 429 });
    service.restore(snapshot);
    expect(service.clock.date().toISOString()).toBe(T0);
    expect(service.journal.calls()).toEqual([]);
    const again = await clientOf(service).categories.create({ name: 'Later', hierarchy: 1 });
    expect(again.id).toBe(id);
    expect(again.created_at).toBe(T0);
  });

  test('projects made, changed or deleted since come back as they were', () => {
    const service = createMockService(OPTIONS);
    const kept = service.projects.create({ name: 'Kept' });
    const snapshot = service.snapshot();
    service.projects.create({ name: 'Made since' });
    service.projects.configure(kept.id, { name: 'Renamed' });
    service.projects.remove(kept.id);
    service.restore(snapshot);
    expect(service.projects.list().map((project) => project.name)).toEqual(['Default project', 'Kept']);
    const other = createMockService(OPTIONS);
    other.restore(JSON.parse(JSON.stringify(snapshot)) as SnapshotImage);
    expect(other.projects.list().map((project) => [project.id, project.name, project.keys])).toEqual(
      service.projects.list().map((project) => [project.id, project.name, project.keys]),
    );
  });

  test("the organisation's users made or changed since come back as they were, here and from the snapshot's JSON", async () => {
    const service = fullService(createMockService(OPTIONS));
    const { users } = service.organisation;
    const shop = service.projects.create({ name: 'Shop' });
    const ana = users.create({
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Silva',
      owner: true,
      projects: { [shop.id]: 'ADMIN' },
    });
    const snapshot = service.snapshot();
    const before = JSON.stringify(snapshot);
    users.create({
      email: 'maya@example.com',
      first_name: 'Maya',
      last_name: 'Okafor',
      projects: { [shop.id]: 'USER' },
    });
    users.assign(service.projects.primary.id, { id: ana.id, role: 'VIEWER' });
    users.changeRole(shop.id, ana.id, 'USER');
    service.restore(snapshot);
    expect(imageOf(service)).toBe(before);
    expect(users.inProject(shop.id)).toEqual([ana]);
    expect(users.inProject(service.projects.primary.id)).toEqual([]);
    const other = fullService(createMockService(OPTIONS));
    other.restore(JSON.parse(before) as SnapshotImage);
    expect(imageOf(other)).toBe(before);
    expect(other.organisation.users.inProject(shop.id)).toEqual([ana]);
    // The ids go on from the snapshot's: the next user gets the id Maya had.
    const next = other.organisation.users.create({
      email: 'tomas@example.com',
      first_name: 'Tomas',
      last_name: 'Lindqvist',
    });
    expect(users.create({ email: 'tomas@example.com', first_name: 'Tomas', last_name: 'Lindqvist' }).id).toBe(next.id);
  });

  test('pending background work comes back in memory; such a snapshot is not written as JSON', async () => {
    const service = createMockService(OPTIONS);
    const client = clientOf(service);
    await client.campaigns.create({
      name: 'Bulk',
      type: 'AUTO_UPDATE',
      vouchers_count: 3,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    } as never);
    const snapshot = await expectPendingWorkReplays(service);
    expect(() => JSON.stringify(snapshot)).toThrow(/background task\(s\) were pending/);
    // Once its writes cannot be taken back, the tasks cannot come back either.
    service.reset();
    expect(() => service.restore(snapshot)).toThrow(/background task\(s\) pending/);
  });

  test('after reset(), or once an earlier snapshot was restored and written on, a snapshot loads its image', async () => {
    const service = createMockService(OPTIONS);
    const client = clientOf(service);
    const empty = service.snapshot();
    await client.categories.create({ name: 'One', hierarchy: 1 });
    const one = service.snapshot();
    const oneImage = JSON.stringify(one);
    service.restore(empty);
    await client.categories.create({ name: 'Other', hierarchy: 1 });
    service.restore(one);
    expect(imageOf(service)).toBe(oneImage);
    service.reset();
    service.restore(one);
    expect(imageOf(service)).toBe(oneImage);
    await client.categories.create({ name: 'Two', hierarchy: 1 });
    service.restore(one);
    expect(imageOf(service)).toBe(oneImage);
  });

  test('a snapshot of one project puts back that project only; the clock, the ids and the other projects go on', async () => {
    const service = createMockService(OPTIONS);
    const shop = service.projects.create({ name: 'Shop' });
    const other = service.projects.primary;
    shop.state.categories.create({ name: 'Kept', hierarchy: 1 });
    const snapshot = service.snapshot({ project: shop.id });
    expect(snapshot.toJSON()).toMatchObject({ project: shop.id, projects: [{ id: shop.id }] });
    const added = shop.state.categories.create({ name: 'Added', hierarchy: 2 });
    other.state.categories.create({ name: 'Elsewhere', hierarchy: 1 });
    service.clock.advance(1_000);
    service.restore(snapshot);
    expect(shop.state.categories.list().map((category) => category.name)).toEqual(['Kept']);
    expect(other.state.categories.list().map((category) => category.name)).toEqual(['Elsewhere']);
    expect(service.clock.now()).toBe(Date.parse(T0) + 1_000);
    expect(shop.state.categories.create({ name: 'Next', hierarchy: 3 }).id).not.toBe(added.id);

    // Its JSON loads into the same project of another service, or makes the project there.
    const json = JSON.parse(JSON.stringify(snapshot)) as SnapshotImage;
    const elsewhere = createMockService(OPTIONS);
    const loaded = elsewhere.restore(json);
    expect(
      elsewhere.projects
        .get(shop.id)
        ?.state.categories.list()
        .map((category) => category.name),
    ).toEqual(['Kept']);
    elsewhere.projects.get(shop.id)?.state.categories.create({ name: 'Later', hierarchy: 4 });
    elsewhere.restore(loaded);
    expect(elsewhere.projects.get(shop.id)?.state.categories.list()).toHaveLength(1);
    expect(() => service.snapshot({ project: 'proj_none' })).toThrow(/no project proj_none/);
  });

  test('in the auto mode, the nightly timer follows a restore that moves the next midnight earlier', async () => {
    const service = createMockService({ clock: { frozenAt: '2026-01-01T23:59:59.900Z' }, scheduler: 'auto' });
    const { nightly } = service.projects.primary.state;
    const snapshot = service.snapshot();
    // Two and a half days on: the timer runs those nights and waits for the next midnight, hours away.
    service.clock.advance(2.5 * 86_400_000);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(nightly.catchUp()).toBeUndefined();
    service.restore(snapshot);
    // Back before the first midnight; once the clock passes it, the timer set again runs the night.
    service.clock.advance(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(nightly.catchUp()).toBeUndefined();
  });

  test('JSON that is not a snapshot, of another API build or of a service with other projects is refused', () => {
    const service = createMockService(OPTIONS);
    const image = JSON.parse(JSON.stringify(service.snapshot())) as SnapshotImage;
    expect(() => service.restore({ format: 'other' } as never)).toThrow(/Not a snapshot/);
    expect(() => service.restore({ ...image, apiVersion: 'v1999' })).toThrow(/API build v1999/);
    const [primary] = image.projects;
    expect(() => service.restore({ ...image, projects: [{ ...primary, id: 'proj_other' } as never] })).toThrow(
      /has no project/,
    );
    expect(() => service.restore({ ...image, projects: [{ ...primary, state: [] } as never] })).toThrow(
      /containers of state/,
    );
    const { organisation: _organisation, ...withoutUsers } = image;
    expect(() => service.restore(withoutUsers)).toThrow(/containers of the organisation's state/);
  });
});
