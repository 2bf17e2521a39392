import { createClient } from '@voucherkit/client';
import { expect } from 'vitest';
import { type MockService, type MockServiceOptions, type SnapshotImage, createMockService } from '../src/index.js';

/** A client of the service's primary project, answered by `service.handle` without MSW. */
export const clientOf = (service: MockService) => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false, fetch: (request: Request) => service.handle(request) });
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
  arrange: (service: MockService) => Promise<Ids>,
  writes: (service: MockService, ids: Ids) => Promise<unknown>,
): Promise<void> => {
  const service = createMockService(options);
  const ids = await arrange(service);
  const snapshot = service.snapshot();
  const before = JSON.stringify(snapshot);
  const first = await writes(service, ids);
  service.restore(snapshot);
  expect(imageOf(service)).toBe(before);
  expect(await writes(service, ids)).toEqual(first);

  const other = createMockService(options);
  const loaded = other.restore(JSON.parse(before) as SnapshotImage);
  expect(imageOf(other)).toBe(before);
  expect(await writes(other, ids)).toEqual(first);
  other.restore(loaded);
  expect(imageOf(other)).toBe(before);
  expect(await writes(other, ids)).toEqual(first);
};
