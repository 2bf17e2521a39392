import { type ManagementKeys, eventsUrl } from './api.js';

/** What the event stream says: each event's name and its data. */
export type StreamListener = (name: string, data: unknown) => void;

/**
 * Follows the sandbox's event stream (`GET /_voucherkit/events`) with the management keys, which
 * an `EventSource` cannot send, so through `fetch`; opens it again 2 seconds after it drops.
 *
 * @returns A function that stops following.
 */
export const follow = (keys: ManagementKeys, listener: StreamListener, onState: (open: boolean) => void) => {
  let stopped = false;
  let controller: AbortController | undefined;
  const run = async (): Promise<void> => {
    controller = new AbortController();
    try {
      const response = await fetch(eventsUrl(), {
        headers: { 'x-management-id': keys.managementId, 'x-management-token': keys.managementToken },
        signal: controller.signal,
      });
      if (!response.ok || response.body === null) throw new Error(`The event stream answered ${response.status}`);
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Dropped or refused: tried again below.
    }
    onState(false);
    if (!stopped) setTimeout(() => void run(), 2000);
  };
  const dispatch = (block: string): void => {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data !== '') listener(name, JSON.parse(data));
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
};
