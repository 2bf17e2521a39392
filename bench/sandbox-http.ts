/**
 * The HTTP sandbox's request path: `listen` on a loopback port against a bare `node:http` server
 * on another that answers the very status, headers and body bytes the sandbox answered (captured
 * once), driven by the same load (10 keep-alive connections from a worker thread, so the load
 * does not share the servers' thread) in interleaved rounds of the same run. Two requests: a
 * category read (`GET /v1/categories/{id}`) and a voucher redemption (`POST
 * /v1/vouchers/{code}/redemption` of a voucher without a redemption limit, so every call redeems
 * and the state grows as it would). Goals: ratio sandbox / bare ≥ 0.5 for the read, ≥ 0.25 for
 * the redemption (decision 0072). Rates are by the wall clock and per second of the servers'
 * thread's CPU time, which other processes on a shared machine disturb less; ratios are taken
 * round by round. Each side's heap allocation per request is reported too: a figure the machine's
 * load hardly moves, which shows what a request costs the collector.
 *
 *   npm run bench -- sandbox-http
 */
import {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createMockService } from '@voucherkit/mock-server';
import { listen } from '@voucherkit/mock-server/node';
import { allocatedDuring, label, median, threadCpuMs } from './lib/measure.ts';

const ROUNDS = 3;
const DURATION_S = 2;
const CONNECTIONS = 10;

/** One request of the load: what autocannon sends. */
export interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** What the sandbox answered to a call, byte for byte, as the bare server answers it again. */
interface Answer {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/** Headers Node's HTTP server writes itself, on the bare server as on the sandbox. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends a call once and keeps its answer. */
const capture = async (origin: string, call: Call): Promise<Answer> => {
  const response = await fetch(`${origin}${call.path}`, {
    method: call.method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: call.body }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${call.method} ${call.path} answered ${response.status}: ${body}`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)));
  return { status: response.status, headers, body };
};

/** A server that reads each request's body and answers the captured answer of its method and path. */
const bareServer = async (answers: ReadonlyMap<string, Answer>): Promise<{ url: string; server: Server }> => {
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const answer = answers.get(`${incoming.method} ${incoming.url}`);
    incoming.resume();
    incoming.once('end', () => {
      if (answer === undefined) return void outgoing.writeHead(404).end();
      outgoing.writeHead(answer.status, answer.headers);
      outgoing.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

/**
 * One load run: requests per second by the wall clock and per second of this thread's CPU time,
 * and the bytes this thread's heap allocated per request (the load's worker allocates on its own).
 */
export interface Load {
  readonly wall: number;
  readonly cpu: number;
  readonly allocated: number;
}

/** Drives `origin` with the call from a worker thread for `seconds`; every answer must be a 2xx. */
export const load = async (origin: string, call: Call, seconds: number): Promise<Load> => {
  const cpuStart = threadCpuMs();
  const { result, bytes } = await allocatedDuring(() =>
    autocannon({
      url: `${origin}${call.path}`,
      method: call.method,
      headers: call.headers,
      ...(call.body === undefined ? {} : { body: call.body }),
      connections: CONNECTIONS,
      duration: seconds,
      workers: 1,
    }),
  );
  const cpuEnd = threadCpuMs();
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${call.method} ${call.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  const { total } = result.requests;
  const wall = total / (result.duration || seconds);
  return {
    wall,
    cpu: cpuStart === undefined || cpuEnd === undefined ? wall : total / ((cpuEnd - cpuStart) / 1000),
    allocated: bytes / total,
  };
};

export const sandboxHttp = async (): Promise<string[]> => {
  const service = createMockService({ seed: 'bench-sandbox' });
  const { state, keys } = service.projects.primary;
  const category = state.categories.create({ name: 'Bench', hierarchy: 1 });
  state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  const headers = { 'x-app-id': keys.appId, 'x-app-token': keys.appToken };
  const calls = {
    read: { method: 'GET', path: `/v1/categories/${category.id}`, headers },
    redemption: {
      method: 'POST',
      path: '/v1/vouchers/UNLIMITED/redemption',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: { source_id: 'bench-customer' }, order: { amount: 10_000 } }),
    },
  } as const satisfies Record<string, Call>;
  const sandbox = await listen(service, { port: 0 });
  const answers = new Map<string, Answer>();
  for (const call of Object.values(calls)) answers.set(`${call.method} ${call.path}`, await capture(sandbox.url, call));
  const bare = await bareServer(answers);
  const lines: string[] = [];
  for (const [name, call] of Object.entries(calls)) {
    const answer = answers.get(`${call.method} ${call.path}`) as Answer;
    // A first run of each side warms the JIT up and is not counted.
    await load(bare.url, call, 1);
    await load(sandbox.url, call, 1);
    const runs = { bare: [] as Load[], sandbox: [] as Load[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await load(bare.url, call, DURATION_S));
      runs.sandbox.push(await load(sandbox.url, call, DURATION_S));
    }
    const ratio = (by: keyof Load): string =>
      median(runs.sandbox.map((run, index) => run[by] / (runs.bare[index] as Load)[by])).toFixed(2);
    const rates = (side: Load[]): string =>
      `${median(side.map((run) => run.wall)).toFixed(0)} requests/s (${median(side.map((run) => run.cpu)).toFixed(0)} per CPU second), ${(median(side.map((run) => run.allocated)) / 1000).toFixed(1)} kB allocated per request`;
    lines.push(
      `  ${name === 'read' ? 'category read' : 'voucher redemption'}: ${call.method} ${call.path.replace(category.id, '{id}')}, ${answer.body.byteLength.toLocaleString('en')} B answered`,
      `    ${label('bare node:http, the same answer')}${rates(runs.bare)}`,
      `    ${label('sandbox (listen)')}${rates(runs.sandbox)}`,
      `    ${label(`ratio sandbox / bare (goal ≥ ${name === 'read' ? '0.5' : '0.25'})`)}${ratio('wall')} (by CPU time ${ratio('cpu')})`,
    );
  }
  await sandbox.close();
  await new Promise<void>((resolve) => bare.server.close(() => resolve()));
  return [
    `HTTP sandbox (medians of ${ROUNDS} interleaved rounds of ${DURATION_S} s, ${CONNECTIONS} keep-alive connections)`,
    ...lines,
  ];
};
