/**
 * Measures how complete our API description is: compares the bundled spec with Voucherify's own
 * OpenAPI description and writes docs/parity.md. `npm run spec:parity` runs it; `npm run generate`
 * imports {@link writeParityReport}. The reference is the copy vendored in `spec/reference/`
 * (see its README for source, commit and licence), so the report is the same on every machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type FieldDiff,
  MAX_FIELD_DEPTH,
  type OperationComparison,
  type ParityResult,
  type ParityRow,
  compareDocuments,
} from './lib/parity.ts';
import {
  type CheckedOperation,
  type CheckedWebhookEvent,
  type ExampleReport,
  checkExamples,
  checkWebhookExamples,
} from './lib/examples.ts';
import { type NullVariantReport, checkNullVariants } from './lib/null-variants.ts';
import { type OpenApiDocument, type OperationEntry, listOperations } from './lib/openapi.ts';
import { routeKey } from './lib/parity.ts';
import { SEED_OPERATIONS } from './lib/seed-operations.ts';
import { GENERATED, REFERENCE, repoPath } from './lib/paths.ts';

const WRAP_AT = 100;

/** Titles and versions of the two documents, printed in the report's introduction. */
export interface ParityReportSources {
  ours: { title: string; version: string };
  reference: { title: string; version: string };
}

const code = (text: string): string => `\`${text}\``;
const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)} %`);
const anchorOf = (entry: OperationEntry): string =>
  `op-${(entry.operation.operationId ?? `${entry.method}-${entry.path}`)
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * Lays out `first` followed by space-separated words in lines of at most {@link WRAP_AT}
 * characters, continuing with `indent`; a word longer than a line stands alone.
 */
const wrap = (first: string, words: readonly string[], indent: string): string[] => {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WRAP_AT) {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
};

/** Names as a comma-separated list of code spans, ready for {@link wrap}. */
const codeList = (names: readonly string[]): string[] =>
  names.map((name, i) => `${code(name)}${i < names.length - 1 ? ',' : ''}`);

/** Word-wraps prose at {@link WRAP_AT} characters; Markdown joins the lines back into one paragraph. */
const prose = (...sentences: string[]): string[] => wrap('', sentences.join(' ').split(' '), '');

const fieldLines = (label: string, diff: FieldDiff): string[] => {
  if (diff.missing.length === 0 && diff.extra.length === 0) return [];
  const lines = [`- ${label}`];
  for (const [kind, names] of [
    ['missing', diff.missing],
    ['extra', diff.extra],
  ] as const) {
    if (names.length > 0) lines.push(...wrap(`  - ${kind} (${names.length}):`, codeList(names), '    '));
  }
  return lines;
};

const listOrNone = (values: readonly (string | undefined)[]): string =>
  values.length === 0 || values.every((value) => value === undefined)
    ? 'none'
    : values.map((value) => code(value ?? 'none')).join(', ');

const detailLines = (row: ParityRow & { ours: OperationEntry; comparison: OperationComparison }): string[] => {
  const { reference, ours, comparison } = row;
  const oursLabel = `${code(ours.operation.operationId ?? '–')}${ours.path === reference.path ? '' : ` at ${code(ours.path)}`}`;
  const lines = [
    `### ${code(`${reference.method.toUpperCase()} ${reference.path}`)} <a id="${anchorOf(reference)}"></a>`,
    '',
    ...prose(`Reference ${code(reference.operation.operationId ?? '–')}, ours ${oursLabel}.`),
    '',
  ];
  const { requestContentTypes, successStatus, responseContentTypes } = comparison;
  if (requestContentTypes) {
    lines.push(
      `- Request content type: ours ${listOrNone(requestContentTypes.ours)}, reference ${listOrNone(requestContentTypes.reference)}`,
    );
  }
  lines.push(...fieldLines('Query parameters', comparison.query));
  lines.push(...fieldLines('Path parameters', comparison.path));
  lines.push(...fieldLines('Request body', comparison.requestBody));
  if (successStatus) {
    lines.push(
      `- Success status: ours ${listOrNone([successStatus.ours])}, reference ${listOrNone([successStatus.reference])}`,
    );
  }
  if (responseContentTypes) {
    lines.push(
      `- Response content type: ours ${listOrNone(responseContentTypes.ours)}, reference ${listOrNone(responseContentTypes.reference)}`,
    );
  }
  lines.push(...fieldLines('Response body', comparison.responseBody));
  lines.push('');
  return lines;
};

const hasDetails = (row: ParityRow): row is ParityRow & { ours: OperationEntry; comparison: OperationComparison } =>
  row.ours !== undefined && row.comparison?.differs === true;

const operationTable = (rows: readonly ParityRow[]): string[] => [
  '| Method | Path | Reference operationId | Ours | Missing | Extra |',
  '| --- | --- | --- | :---: | ---: | ---: |',
  ...rows.map((row) => {
    const { reference, comparison } = row;
    const path = hasDetails(row) ? `[${code(reference.path)}](#${anchorOf(reference)})` : code(reference.path);
    const cells = [
      reference.method.toUpperCase(),
      path,
      code(reference.operation.operationId ?? '–'),
      row.ours ? '✅' : '❌',
      comparison ? String(comparison.missingCount) : '–',
      comparison ? String(comparison.extraCount) : '–',
    ];
    return `| ${cells.join(' | ')} |`;
  }),
];

/**
 * Renders the comparison as the Markdown of docs/parity.md. The output depends only on its
 * arguments (no dates, no machine paths), so the freshness check can compare it byte for byte.
 */
export const renderParityReport = (
  result: ParityResult,
  sources: ParityReportSources,
  examples?: ExampleReport,
  ours: readonly OperationEntry[] = [],
  webhookExamples?: ExampleReport,
  nullVariants?: NullVariantReport,
): string => {
  const implemented = result.rows.filter((row) => row.ours !== undefined);
  const differing = result.rows.filter(hasDetails);
  const ambiguity = result.ambiguousRoutes.map(
    ({ route, paths }) =>
      `The reference describes ${code(route)} more than once (${paths.map(code).join(', ')}); ` +
      'it is one route, so one operation of ours answers every description of it.',
  );
  const lines: string[] = [
    '# API parity with the Voucherify reference',
    '',
    '<!-- Generated by scripts/spec-parity.ts (npm run spec:parity). Do not edit. -->',
    '',
    ...prose(
      `This report compares our spec (${code(GENERATED.bundle)}, ${sources.ours.title} ${code(sources.ours.version)})`,
      `with the service's own description (${sources.reference.title} ${code(sources.reference.version)}).`,
      'Operations are paired by method and path, ignoring the names of path parameters',
      `(${code('/v1/categories/{categoryId}')} is ${code('/v1/categories/{id}')}).`,
      'For each pair it compares names only: query and path parameters, request body fields and the',
      'body fields of the success response (the lowest 2xx status). Body fields are found by resolving',
      `${code('$ref')}, merging ${code('allOf')} and uniting ${code('oneOf')}/${code('anyOf')} variants; they are written as`,
      `dotted paths with arrays marked ${code('[]')} (${code('items[].sku_id')}), down to ${MAX_FIELD_DEPTH} levels.`,
      'Types, formats, required-ness and descriptions are not compared.',
      '*Missing* counts names the reference has and ours lacks, *extra* names ours has and the',
      'reference lacks; differing content types or success statuses are listed with the details.',
    ),
    ...ambiguity.flatMap((note) => ['', ...prose(note)]),
    '',
    '## Summary',
    '',
    '| Measure | Value |',
    '| --- | ---: |',
    `| Reference operations | ${result.rows.length} |`,
    `| In our spec | ${implemented.length} |`,
    `| In our spec, percentage of the reference's | ${percent(implemented.length, result.rows.length)} |`,
    `| Operations whose field names differ | ${differing.length} |`,
    `| Our operations without a reference counterpart | ${result.extra.length} |`,
    ...(examples === undefined
      ? []
      : [
          `| Reference JSON examples (requests and responses) | ${examples.outcomes.length} |`,
          `| … that validate against our spec | ${examples.accepted} (${percent(examples.accepted, examples.outcomes.length)}) |`,
        ]),
    ...(webhookExamples === undefined
      ? []
      : [
          `| Reference webhook examples that validate against our spec | ${webhookExamples.accepted} of ${webhookExamples.outcomes.length} ` +
            `(${percent(webhookExamples.accepted, webhookExamples.outcomes.length)}) |`,
        ]),
    ...(nullVariants === undefined
      ? []
      : [
          `| Null variants of the reference's request examples that the mock accepts | ${nullVariants.accepted} of ${nullVariants.variants.length} ` +
            `(${percent(nullVariants.accepted, nullVariants.variants.length)}) |`,
        ]),
    `| Seed operations (not in the reference) in our spec | ${seedRows(ours).filter((row) => row.ours).length} of ${SEED_OPERATIONS.length} |`,
    '',
    '## Operations by tag',
    '',
  ];
  for (const group of result.groups) {
    const rows = result.rows.filter((row) => row.group === group);
    lines.push(
      `### ${group} (${rows.filter((row) => row.ours).length} of ${rows.length})`,
      '',
      ...operationTable(rows),
      '',
    );
  }

  lines.push('## Operations the seed adds', '', '| Method | Path | What | Ours |', '| --- | --- | --- | --- |');
  for (const row of seedRows(ours)) {
    lines.push(
      `| ${row.method.toUpperCase()} | ${code(row.path)} | ${row.what} | ${row.ours ? `✅ ${code(row.ours)}` : '❌'} |`,
    );
  }
  lines.push('');

  if (examples !== undefined) {
    lines.push(
      '## Reference examples',
      '',
      ...prose(
        "Every JSON example of the reference's operations is checked against our counterpart with the mock's own",
        'generated validation: request examples as the mock validates requests (unknown keys dropped), response',
        'examples as strict mode checks responses (unknown keys refused), for the same status.',
        `${examples.accepted} of ${examples.outcomes.length} validate.`,
      ),
      '',
    );
    if (examples.rejected.length === 0) lines.push('None is rejected.', '');
    else {
      lines.push('| Operation | Where | Example | Why it is rejected |', '| --- | --- | --- | --- |');
      for (const outcome of examples.rejected) {
        lines.push(
          `| ${code(outcome.operation)} | ${outcome.where} | ${outcome.name} | ${(outcome.reason ?? '').replaceAll('|', '\\|')} |`,
        );
      }
      lines.push('');
    }
  }

  if (webhookExamples !== undefined) {
    lines.push(
      '## Reference webhook examples',
      '',
      ...prose(
        "Every JSON example of the reference's webhook events (the payload's `data`, without the sendout's envelope) is",
        "checked against the `data` of our event of the same name with the mock's generated validation, strictly",
        '(unknown keys refused), as a sender of the events would check them.',
        `The reference's names are mapped to ours (${code('EVENTS.REDEMPTION.SUCCEEDED')} is ${code('redemption.succeeded')},`,
        `${code('EVENTS.BUS_VAL_RULE.CREATED')} is ${code('business_validation_rule.created')}).`,
        `${webhookExamples.accepted} of ${webhookExamples.outcomes.length} validate.`,
      ),
      '',
    );
    if (webhookExamples.rejected.length === 0) lines.push('None is rejected.', '');
    else {
      lines.push('| Reference event | Ours | Example | Why it is rejected |', '| --- | --- | --- | --- |');
      for (const outcome of webhookExamples.rejected) {
        const reason = (outcome.reason ?? '').replaceAll('|', '\\|');
        lines.push(`| ${code(outcome.operation)} | ${code(outcome.ours ?? '–')} | ${outcome.name} | ${reason} |`);
      }
      lines.push('');
    }
  }

  if (nullVariants !== undefined) lines.push(...nullVariantLines(nullVariants));

  lines.push('## Our operations without a reference counterpart', '');
  if (result.extra.length === 0) {
    lines.push('None.', '');
  } else {
    lines.push('| Method | Path | Our operationId |', '| --- | --- | --- |');
    for (const entry of result.extra) {
      lines.push(
        `| ${entry.method.toUpperCase()} | ${code(entry.path)} | ${code(entry.operation.operationId ?? '–')} |`,
      );
    }
    lines.push('');
  }

  lines.push('## Differences of implemented operations', '');
  if (differing.length === 0) lines.push('None.', '');
  for (const row of differing) lines.push(...detailLines(row));

  return `${lines.join('\n')}\n`;
};

/** The section on null variants: how they are made, and the fields whose null is refused, with counts. */
const nullVariantLines = (report: NullVariantReport): string[] => {
  const refused = new Map<string, { count: number; reason: string }>();
  for (const variant of report.rejected) {
    const key = `${code(variant.ours)} | ${variant.nulled.length === 1 ? code(variant.nulled[0]?.replace(/\[\d+\]/g, '[]') ?? '') : 'every absent field'}`;
    const previous = refused.get(key);
    refused.set(key, { count: (previous?.count ?? 0) + 1, reason: previous?.reason ?? variant.reason ?? '' });
  }
  return [
    "## Null variants of the reference's request examples",
    '',
    ...prose(
      'Generated clients send `null` for every field left unset. Each JSON request example that our spec accepts is',
      'sent again with the optional fields that the reference marks nullable set to `null`: every absent one at once, in',
      "every object of the example, then each present one alone; the mock's request validation checks each variant",
      `(decision 0036). ${report.accepted} of ${report.variants.length} are accepted. Those refused null a field that the`,
      "service's documentation requires, listed with its source in the decision note.",
    ),
    '',
    ...(refused.size === 0
      ? ['None is refused.']
      : [
          '| Our operation | Field set to null | Variants | Why it is refused |',
          '| --- | --- | ---: | --- |',
          ...[...refused].map(([key, { count, reason }]) => `| ${key} | ${count} | ${reason.replaceAll('|', '\\|')} |`),
        ]),
    '',
  ];
};

/** Each seed operation with the operationId of our counterpart, if our spec has one. */
const seedRows = (ours: readonly OperationEntry[]): { method: string; path: string; what: string; ours?: string }[] =>
  SEED_OPERATIONS.map((seed) => {
    const found = ours.find((entry) => routeKey(entry.method, entry.path) === routeKey(seed.method, seed.path));
    return found?.operation.operationId === undefined ? seed : { ...seed, ours: found.operation.operationId };
  });

const fromRepo = (file: string): string => relative(repoPath('.'), file) || '.';

const readJson = <T>(file: string, missingHint: string): T => {
  if (!existsSync(file)) throw new Error(`${fromRepo(file)} not found: ${missingHint}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${fromRepo(file)} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
};

/**
 * Compares the bundled spec with the reference description and writes docs/parity.md.
 * Throws with a readable message when either input is missing.
 *
 * @returns the comparison, so other reports (coverage) reuse it instead of matching again.
 */
export const writeParityReport = async (): Promise<ParityResult> => {
  const referenceFile = repoPath(REFERENCE.api);
  const reference = readJson<OpenApiDocument & { tags?: { name: string }[] }>(
    referenceFile,
    'the vendored reference is part of the repository; restore it with git.',
  );
  const ours = readJson<OpenApiDocument>(
    repoPath(GENERATED.bundle),
    'run `npx tsx scripts/generate.ts --spec-only` first.',
  );
  const result = compareDocuments(ours, reference);
  // The mock's generated validation, written by the step before this one in `npm run generate`.
  const { loadOperations } = await import('../packages/mock-server/src/http/load-operations.ts');
  const { operations, webhookEvents } = (await loadOperations()) as unknown as {
    operations: Record<string, CheckedOperation>;
    webhookEvents: Record<string, CheckedWebhookEvent>;
  };
  const examples = checkExamples(reference, result, operations);
  const webhookReference = readJson<OpenApiDocument>(
    repoPath(REFERENCE.webhooks),
    'the vendored reference is part of the repository; restore it with git.',
  );
  const webhookExamples = checkWebhookExamples(webhookReference, webhookEvents);
  const nullVariants = checkNullVariants(reference, result, operations);
  const report = renderParityReport(
    result,
    {
      ours: { title: ours.info.title, version: ours.info.version },
      reference: { title: reference.info.title, version: reference.info.version },
    },
    examples,
    listOperations(ours),
    webhookExamples,
    nullVariants,
  );
  const out = repoPath(GENERATED.parity);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, report);
  const implemented = result.rows.filter((row) => row.ours !== undefined).length;
  console.log(
    `Parity with ${fromRepo(referenceFile)}: ${implemented} of ${result.rows.length} operations ` +
      `(${percent(implemented, result.rows.length)}), ${result.extra.length} extra; ` +
      `${examples.accepted} of ${examples.outcomes.length} reference examples and ${webhookExamples.accepted} of ` +
      `${webhookExamples.outcomes.length} reference webhook examples validate; wrote ${GENERATED.parity}.`,
  );
  return result;
};

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  await writeParityReport().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
