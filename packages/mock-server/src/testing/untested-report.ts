import { documentedErrors } from '../generated/documented-errors.js';
import { API_VERSION, type OperationId, routes } from '../generated/routes.js';
import type { OperationRoute } from '../http/operation-spec.js';
import { RequestTally, type TallySnapshot } from '../http/tally.js';

/**
 * Which operations an untested report covers and which documented errors it counts.
 *
 * @example
 * ```ts
 * const options: UntestedReportOptions = {
 *   operations: (id, route) => route.tag === 'Vouchers' || id === 'redeemStackedDiscounts',
 *   ignoreStatuses: [413, 415, 500],
 * };
 * ```
 */
export interface UntestedReportOptions {
  /**
   * The operations the report covers: a list, or a test of each operation of the spec; default
   * every operation of the spec. An app that calls a few names them, so the rest are not listed
   * as never called. The report keeps the spec's order either way.
   */
  readonly operations?: readonly OperationId[] | ((operationId: OperationId, route: OperationRoute) => boolean);
  /** Documented error statuses whose keys the report leaves out (say 413, 415 and 500, which apps seldom provoke). */
  readonly ignoreStatuses?: readonly number[];
}

/**
 * One operation in an untested report: whether the suite called it, what the mock answered, and
 * which of the error keys the spec documents for it no request reached.
 *
 * @example
 * ```ts
 * const entry: OperationReport | undefined = untestedReport(service).operations.find((operation) => operation.operationId === 'getCategory');
 * entry?.unreachedErrorKeys['404']; // ['not_found'] until a test asks for an unknown category
 * ```
 */
export interface OperationReport {
  /** The operation. */
  readonly operationId: OperationId;
  /** Its HTTP method, upper case. */
  readonly method: string;
  /** Its path template. */
  readonly path: string;
  /** Its first tag (its resource), by which the console table groups operations never called. */
  readonly tag: string;
  /** Whether the mock answered any request of it. */
  readonly called: boolean;
  /** How many requests of it the mock answered. */
  readonly count: number;
  /** How many were answered with each status. */
  readonly statuses: Readonly<Record<string, number>>;
  /** How many were answered with each error key. */
  readonly errorKeys: Readonly<Record<string, number>>;
  /**
   * By documented status, the error keys the spec's examples give that no answer carried; a
   * status whose keys were all reached is left out.
   */
  readonly unreachedErrorKeys: Readonly<Record<string, readonly string[]>>;
}

/**
 * The sums of an untested report.
 *
 * @example
 * ```ts
 * const { called, operations }: UntestedTotals = untestedReport(service).totals;
 * ```
 */
export interface UntestedTotals {
  /** Operations the report covers. */
  readonly operations: number;
  /** Of those, the ones called. */
  readonly called: number;
  /** Of those, the ones never called. */
  readonly notCalled: number;
  /** Requests of those operations the mock answered. */
  readonly requests: number;
  /** Error keys the spec documents for those operations (a key counts once per operation). */
  readonly documentedErrorKeys: number;
  /** Of those, the ones some answer carried. */
  readonly reachedErrorKeys: number;
  /** Of those, the ones no answer carried. */
  readonly unreachedErrorKeys: number;
}

/**
 * What a test suite left untested, as JSON: per operation whether it was called, what the mock
 * answered and which documented error keys no request reached, with totals.
 *
 * @example
 * ```ts
 * const report: UntestedReport = untestedReport(service);
 * writeFileSync('untested.json', JSON.stringify(report, null, 2));
 * ```
 */
export interface UntestedReport {
  /** The API build of the spec the report compares with. */
  readonly apiVersion: string;
  /** The operations covered, in the spec's order. */
  readonly operations: readonly OperationReport[];
  /** The sums over those operations. */
  readonly totals: UntestedTotals;
}

/**
 * How {@link formatUntestedReport} lays out its table.
 *
 * @example
 * ```ts
 * const options: UntestedTableOptions = { width: 160 };
 * ```
 */
export interface UntestedTableOptions {
  /** The width the lines wrap at; default 120 characters. */
  readonly width?: number;
}

const tallyOf = (source: RequestTally | TallySnapshot | { readonly tally: RequestTally }): RequestTally => {
  if (source instanceof RequestTally) return source;
  if ('tally' in source) return source.tally;
  return new RequestTally().merge(source);
};

const coveredOperations = (choice: UntestedReportOptions['operations']): OperationId[] => {
  const all = Object.keys(routes) as OperationId[];
  if (choice === undefined) return all;
  if (typeof choice === 'function') return all.filter((operationId) => choice(operationId, routes[operationId]));
  const chosen = new Set(choice);
  for (const operationId of chosen)
    if (!(operationId in routes)) throw new RangeError(`${operationId} is not an operation of the spec`);
  return all.filter((operationId) => chosen.has(operationId));
};

/**
 * Compares what the mock answered with what the spec documents: per operation, whether it was
 * called, the statuses and error keys answered, and the documented error keys (the `key`s of
 * each error status's examples in the spec) that no answer carried.
 *
 * @param source - A service, its tally, or a tally's snapshot (merged from several test files).
 * @param options - The operations to cover and the statuses to leave out.
 * @returns The report, as JSON.
 * @throws RangeError when `options.operations` names an operation the spec does not have.
 * @example
 * ```ts
 * const report = untestedReport(service, { operations: ['createCategory', 'getCategory'] });
 * report.totals.notCalled; // operations no test called
 * report.operations[1]?.unreachedErrorKeys; // { '404': ['not_found'], … }
 * ```
 */
export const untestedReport = (
  source: RequestTally | TallySnapshot | { readonly tally: RequestTally },
  options: UntestedReportOptions = {},
): UntestedReport => {
  const tally = tallyOf(source);
  const ignored = new Set((options.ignoreStatuses ?? []).map(String));
  const totals = {
    operations: 0,
    called: 0,
    notCalled: 0,
    requests: 0,
    documentedErrorKeys: 0,
    reachedErrorKeys: 0,
    unreachedErrorKeys: 0,
  };
  const operations = coveredOperations(options.operations).map((operationId): OperationReport => {
    const { method, path, tag } = routes[operationId];
    const tallied = tally.get(operationId) ?? { count: 0, statuses: {}, errorKeys: {} };
    const unreachedErrorKeys: Record<string, readonly string[]> = {};
    for (const [status, keys] of Object.entries(documentedErrors[operationId])) {
      if (ignored.has(status)) continue;
      const unreached = keys.filter((key) => tallied.errorKeys[key] === undefined);
      totals.documentedErrorKeys += keys.length;
      totals.reachedErrorKeys += keys.length - unreached.length;
      totals.unreachedErrorKeys += unreached.length;
      if (unreached.length > 0) unreachedErrorKeys[status] = unreached;
    }
    totals.operations += 1;
    totals.requests += tallied.count;
    if (tallied.count > 0) totals.called += 1;
    else totals.notCalled += 1;
    return { operationId, method, path, tag, called: tallied.count > 0, ...tallied, unreachedErrorKeys };
  });
  return { apiVersion: API_VERSION, operations, totals };
};

/** A count with thousands separators, the same on every machine. */
const count = (value: number): string => value.toLocaleString('en-US');

/**
 * Words in lines of at most `width` characters (a longer word gets a line of its own): the first
 * line starts with `prefix`, the others with as many spaces.
 */
const wrapAfter = (prefix: string, words: readonly string[], width: number): string[] => {
  const indent = ' '.repeat(prefix.length);
  const lines: string[] = [];
  let line = prefix;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      [line, empty] = [indent, true];
    }
    line = empty ? `${line}${word}` : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
};

/** Items as words of a list: a comma after each but the last, and `end` after the last. */
const listWords = (items: readonly string[], end = ''): string[] =>
  items.map((item, index) => (index < items.length - 1 ? `${item},` : `${item}${end}`));

/** `400 invalid_payload, invalid_query_params; 404 not_found` as words to wrap, each status with its first key. */
const unreachedWords = (unreached: Readonly<Record<string, readonly string[]>>): string[] => {
  const statuses = Object.entries(unreached);
  return statuses.flatMap(([status, keys], index) => {
    const [first = '', ...rest] = listWords(keys, index < statuses.length - 1 ? ';' : '');
    return [`${status} ${first}`, ...rest];
  });
};

/**
 * The report as a compact console table: the totals, the operations never called (grouped by
 * tag), and for each called operation its calls, the statuses answered and the documented error
 * keys never reached. Operations never called are all untested, so their keys are only counted.
 *
 * @param report - What {@link untestedReport} returned.
 * @param options - The width to wrap at.
 * @returns The table's text, lines separated by `\n`, without a final newline.
 * @example
 * ```ts
 * process.stdout.write(`${formatUntestedReport(untestedReport(service))}\n`);
 * ```
 */
export const formatUntestedReport = (report: UntestedReport, options: UntestedTableOptions = {}): string => {
  const width = options.width ?? 120;
  const { totals } = report;
  const summary =
    `Untested by the suite (API ${report.apiVersion}): ${count(totals.called)} of ${count(totals.operations)} operations called ` +
    `(${count(totals.requests)} requests), ${count(totals.reachedErrorKeys)} of ${count(totals.documentedErrorKeys)} documented error keys reached`;
  const lines = wrapAfter('', summary.split(' '), width);
  const notCalled = report.operations.filter((operation) => !operation.called);
  if (notCalled.length > 0) {
    lines.push('', `Never called (${count(notCalled.length)}):`);
    const byTag = new Map<string, string[]>();
    for (const { tag, operationId } of notCalled) byTag.set(tag, [...(byTag.get(tag) ?? []), operationId]);
    const tagWidth = Math.max(...[...byTag.keys()].map((tag) => tag.length));
    for (const [tag, ids] of byTag) lines.push(...wrapAfter(`  ${tag.padEnd(tagWidth)}  `, listWords(ids), width));
  }
  const gaps = report.operations.filter(
    (operation) => operation.called && Object.keys(operation.unreachedErrorKeys).length > 0,
  );
  if (gaps.length > 0) {
    const rows = gaps.map((operation) => ({
      operation: operation.operationId,
      calls: count(operation.count),
      answered: Object.entries(operation.statuses)
        .map(([status, times]) => `${status}×${times}`)
        .join(' '),
      unreached: unreachedWords(operation.unreachedErrorKeys),
    }));
    const header = { operation: 'operation', calls: 'calls', answered: 'answered' };
    const columns = {
      operation: Math.max(header.operation.length, ...rows.map((row) => row.operation.length)),
      calls: Math.max(header.calls.length, ...rows.map((row) => row.calls.length)),
      answered: Math.max(header.answered.length, ...rows.map((row) => row.answered.length)),
    };
    const lead = (operation: string, calls: string, answered: string): string =>
      `  ${operation.padEnd(columns.operation)}  ${calls.padStart(columns.calls)}  ${answered.padEnd(columns.answered)}  `;
    lines.push(
      '',
      'Documented error keys never reached, of the operations called:',
      `${lead(header.operation, header.calls, header.answered)}never reached`,
    );
    for (const row of rows)
      lines.push(...wrapAfter(lead(row.operation, row.calls, row.answered), row.unreached, width));
  }
  if (notCalled.length === 0 && gaps.length === 0)
    lines.push('', 'Every operation was called and every documented error key reached.');
  return lines.join('\n');
};
