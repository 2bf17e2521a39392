import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryChange } from '../core/context.js';
import { CORS_HEADERS } from '../http/cors.js';
import type { JournalEntry } from '../http/journal.js';
import type { FullMockService } from '../service.js';

/** How long changes gather before they go out together, in milliseconds. */
const BATCH_MS = 250;

/** The most journal entries one batch carries, the newest; the others are only counted. */
const MAX_BATCH = 200;

/** How often a quiet stream sends a comment, so that proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

/** What the stream says of a request: the journal entry without what it sent and got back. */
const summary = (entry: JournalEntry) => ({
  requestId: entry.requestId,
  operationId: entry.operationId,
  method: entry.method,
  path: entry.path,
  url: entry.url,
  principal: entry.principal,
  projectId: entry.projectId,
  status: entry.status,
  errorKey: entry.errorKey,
  at: entry.at,
  durationMs: entry.durationMs,
});

/** One Server-Sent Event: its name and its data as one line of JSON. */
const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Streams, as Server-Sent Events, the requests the service answers (`journal`: the newest entries
 * of each batch, without their bodies, which `GET /_voucherkit/journal?request_id=…` reads) and
 * the webhook deliveries it makes and attempts (`deliveries`: each delivery as it now stands),
 * from the moment the stream opens until the client goes. Nothing is made on a request's path but
 * a note of the entry; the notes go out together every {@link BATCH_MS} ms, and a batch of more
 * than {@link MAX_BATCH} requests carries the newest and counts the others (`skipped`). A client
 * that reads slowly gets the newest when it catches up.
 *
 * @param service - The service whose journal and deliveries it follows.
 * @param outgoing - The answer to write the stream to.
 */
export const streamEvents = (service: FullMockService, incoming: IncomingMessage, outgoing: ServerResponse): void => {
  let entries: JournalEntry[] = [];
  let skipped = 0;
  const deliveries = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let draining = false;

  const flush = (): void => {
    timer = undefined;
    if (outgoing.writableNeedDrain) {
      // The client reads slowly: the notes wait (bounded) until it has read what was written.
      draining = true;
      return void outgoing.once('drain', () => {
        draining = false;
        schedule();
      });
    }
    let text = '';
    if (entries.length > 0 || skipped > 0) {
      const newest = entries.length > MAX_BATCH ? entries.slice(-MAX_BATCH) : entries;
      text += event('journal', { entries: newest.map(summary), skipped: skipped + entries.length - newest.length });
      [entries, skipped] = [[], 0];
    }
    if (deliveries.size > 0) {
      const changed = [...deliveries].flatMap(([id, projectId]) => {
        const delivery = service.projects.get(projectId)?.state.webhookDeliveries.find(id);
        return delivery === undefined ? [] : [{ project_id: projectId, ...delivery }];
      });
      deliveries.clear();
      if (changed.length > 0) text += event('deliveries', { deliveries: changed });
    }
    if (text !== '') outgoing.write(text);
  };
  function schedule(): void {
    if (!draining) timer ??= setTimeout(flush, BATCH_MS);
  }

  const noteEntry = (entry: JournalEntry): void => {
    entries.push(entry);
    // Bounded under any load: past twice the batch, the oldest are dropped and counted.
    if (entries.length >= 2 * MAX_BATCH) {
      skipped += entries.length - MAX_BATCH;
      entries = entries.slice(-MAX_BATCH);
    }
    schedule();
  };
  const noteDelivery = (change: DeliveryChange): void => {
    deliveries.set(change.id, change.projectId);
    schedule();
  };

  outgoing.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  outgoing.write(`retry: 2000\n\n${event('ready', { now: service.clock.date().toISOString() })}`);
  const stopJournal = service.journal.follow(noteEntry);
  const stopDeliveries = service.deliveryFollowers.add(noteDelivery);
  const heartbeat = setInterval(() => outgoing.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const stop = (): void => {
    stopJournal();
    stopDeliveries();
    clearInterval(heartbeat);
    clearTimeout(timer);
  };
  incoming.once('close', stop);
  outgoing.once('close', stop);
};
