import { createClient } from '@voucherkit/client/fetch';
import { expect } from 'vitest';
import type { MockService, MockServiceOptions, MockSnapshot, SnapshotImage } from '../../src/index.js';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';

/** A client of the service's primary project (resource methods and `GET`/`POST` …), answered by `service.handle` without MSW. */
export const clientOf = (service: MockService) => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({
    baseUrl: service.baseUrl,
    auth: { type: 'server', appId, appToken },
    retry: false,
    fetch: (request: Request) => service.handle(request),
  });
};

/** A client of the service's account, with the management keys, answered by `service.handle`. */
export const managementClientOf = (service: MockService) => {
  const { managementId, managementToken } = service.management;
  return createClient({
    baseUrl: service.baseUrl,
    auth: { type: 'management', managementId, managementToken },
    retry: false,
    fetch: (request: Request) => service.handle(request),
  });
};

/**
 * Takes a snapshot while background work is pending, runs the work, restores the snapshot, and
 * expects the work to be pending again and to end in the same state.
 *
 * @returns The snapshot.
 */
export const expectPendingWorkReplays = async (service: MockService): Promise<MockSnapshot> => {
  expect(service.scheduler.pending()).toBeGreaterThan(0);
  const snapshot = service.snapshot();
  await service.scheduler.drain();
  const done = imageOf(service);
  service.restore(snapshot);
  expect(service.scheduler.pending()).toBeGreaterThan(0);
  await service.scheduler.drain();
  expect(imageOf(service)).toBe(done);
  return snapshot;
};

/** The answer of a call, or the error it threw. */
export const settle = <T>(call: Promise<T>): Promise<unknown> => call.catch((error: unknown) => error);

/** The service's image, as JSON text. */
export const imageOf = (service: MockService): string => JSON.stringify(service.snapshot());

/**
 * The check each area's snapshot test makes: after `arrange`, a snapshot; `writes` (which
 * answers what the service answered); a restore gives the snapshot's image back, and the same
 * writes give the same answers, ids included. The same again in a new service with the same
 * options loaded from the snapshot's JSON, and after restoring the snapshot that load gave.
 */
export const expectRoundTrips = async <Ids>(
  options: MockServiceOptions,
  arrange: (service: FullMockService) => Promise<Ids>,
  writes: (service: FullMockService, ids: Ids) => Promise<unknown>,
): Promise<void> => {
  const service = fullService(createMockService(options));
  const ids = await arrange(service);
  const snapshot = service.snapshot();
  const before = JSON.stringify(snapshot);
  const first = await writes(service, ids);
  service.restore(snapshot);
  expect(imageOf(service)).toBe(before);
  expect(await writes(service, ids)).toEqual(first);

  const other = fullService(createMockService(options));
  const loaded = other.restore(JSON.parse(before) as SnapshotImage);
  expect(imageOf(other)).toBe(before);
  expect(await writes(other, ids)).toEqual(first);
  other.restore(loaded);
  expect(imageOf(other)).toBe(before);
  expect(await writes(other, ids)).toEqual(first);
};
