/**
 * The request rule of decision 0036, held against the real files: the mock's request validation
 * takes the reference's request examples with their optional fields set to null, every field our
 * spec requires and the reference does not is listed with a source in the decision note, and a body
 * the spec lets clients leave out is one the mock reads as `{}`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { loadOperations } from '../packages/mock-server/src/http/load-operations.ts';
import type { CheckedOperation } from './lib/examples.ts';
import { checkNullVariants } from './lib/null-variants.ts';
import type { OpenApiDocument } from './lib/openapi.ts';
import { compareDocuments } from './lib/parity.ts';
import { GENERATED, REFERENCE, repoPath } from './lib/paths.ts';
import { stricterFields } from './lib/stricter-fields.ts';

const { operations } = await loadOperations();

const NOTE = 'docs/decisions/0036-requests-the-service-accepts.md';

/**
 * The share of null variants accepted: 1 357 of 1 602 when the rule landed, 1 343 since campaign
 * rewards need their `campaign` (a reward with a null campaign, coin or product names nothing to
 * give, and the variants that relied on a campaign reward's loose parameters are refused). It may
 * only rise: a drop means a request the service accepts is refused again.
 */
const ACCEPTED_AT_LEAST = 0.83;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(repoPath(file), 'utf8')) as T;

const reference = readJson<OpenApiDocument>(REFERENCE.api);
const ours = readJson<OpenApiDocument>(GENERATED.bundle);
const parity = compareDocuments(ours, reference);
const stricter = stricterFields(ours, reference, parity);
const report = checkNullVariants(reference, parity, operations as unknown as Record<string, CheckedOperation>);

/** The names in the first column of the decision note's table of stricter fields. */
const listedInNote = (): string[] => {
  const text = readFileSync(repoPath(NOTE), 'utf8');
  const section = text.slice(
    text.indexOf('## Stricter than the reference'),
    text.indexOf('**Refusals written in handlers**'),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
};

/** Whether a name of the note (a component, or a component and a path) covers a field. */
const covers = (name: string, field: string): boolean => field === name || field.startsWith(`${name}.`);

/** A body path with array indices as `[]` and a leading dot on properties: `[0].code` is `[].code`, `order.id` is `.order.id`. */
const bodyPath = (path: string): string => {
  const generic = path.replace(/\[\d+\]/g, '[]');
  return generic.startsWith('[') ? generic : `.${generic}`;
};

describe("null variants of the reference's request examples", () => {
  it('are built from the examples our spec accepts, one set of absent fields and one present field at a time', () => {
    expect(report.variants.length).toBeGreaterThan(1000);
    expect(new Set(report.variants.map((variant) => `${variant.operation} ${variant.example}`)).size).toBeGreaterThan(
      100,
    );
  });

  it(`are accepted by the mock's request validation for at least ${ACCEPTED_AT_LEAST * 100} %`, () => {
    expect(report.accepted / report.variants.length).toBeGreaterThanOrEqual(ACCEPTED_AT_LEAST);
  });

  it('are refused only where they null a field the decision note lists', () => {
    const places = new Set(stricter.flatMap((field) => field.places));
    const unexplained = report.rejected.filter(
      (variant) =>
        ![...variant.nulled, variant.issuePath ?? ''].some((path) => places.has(`${variant.ours} ${bodyPath(path)}`)),
    );
    expect(
      unexplained.map(
        (variant) => `${variant.ours} ${variant.example}: ${variant.nulled.join(', ')} (${variant.reason ?? ''})`,
      ),
    ).toEqual([]);
  });

  it('are refused with "should not be null", never with "is required"', () => {
    const schema = operations.createCategory.body?.schema as z.ZodMiniType;
    const issues = schema.safeParse({ name: null, hierarchy: 1 }, { reportInput: true }).error?.issues ?? [];
    expect(issues).toEqual([expect.objectContaining({ path: ['name'], input: null })]);
  });
});

describe('the fields our spec requires and the reference does not', () => {
  const listed = listedInNote();

  it('are each listed in the decision note, with a source', () => {
    expect(stricter.map(({ field }) => field).filter((field) => !listed.some((name) => covers(name, field)))).toEqual(
      [],
    );
  });

  it('leave no name in the note that covers none of them', () => {
    expect(listed.filter((name) => !stricter.some(({ field }) => covers(name, field)))).toEqual([]);
  });
});

describe('defaults the service fills', () => {
  it('are filled by the mock when a field is left out or null', () => {
    const project = operations.createProject.body?.schema as z.ZodMiniType;
    expect(
      project.parse({ name: 'Test', timezone: 'Europe/Warsaw', currency: 'EUR', case_sensitive_codes: null }),
    ).toMatchObject({ case_sensitive_codes: true });
    const voucher = operations.createVoucher.body?.schema as z.ZodMiniType;
    expect(voucher.parse({ type: null, discount: { type: 'AMOUNT', amount_off: 100 } })).toMatchObject({
      type: 'DISCOUNT_VOUCHER',
    });
  });
});

describe('request bodies the spec lets clients leave out', () => {
  it('are JSON bodies whose schema accepts {} or [], so the mock reads them as that', () => {
    const optional = Object.entries(operations).filter(
      ([, operation]) => operation.body !== null && !operation.body.required,
    );
    expect(optional.length).toBeGreaterThan(5);
    for (const [id, operation] of optional) {
      const schema = operation.body?.schema as z.ZodMiniType;
      expect({ id, contentType: operation.body?.contentType }).toEqual({ id, contentType: 'application/json' });
      expect({ id, accepted: schema.safeParse({}).success || schema.safeParse([]).success }).toEqual({
        id,
        accepted: true,
      });
    }
  });
});
