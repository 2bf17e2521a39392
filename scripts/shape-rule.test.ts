/**
 * The shape rule (decision 0057) against the reference's own answers: every response example of
 * an operation we share with the reference, and every webhook example, is a payload the service
 * sent, so shaping it must change nothing. A rule that would drop a key the service sent, or add
 * one it left out, shows here; where an example contradicts the recorded answers the rule comes
 * from, CONTRADICTIONS says which recording the rule follows instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shapeAnswer, shapeWebhookData } from '../packages/mock-server/src/http/answer-shape.ts';
import { examplesOf, ourWebhookName } from './lib/examples.ts';
import { type OpenApiDocument, resolveRef } from './lib/openapi.ts';
import { compareDocuments } from './lib/parity.ts';
import { GENERATED, REFERENCE, repoPath } from './lib/paths.ts';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(repoPath(file), 'utf8')) as T;

const reference = readJson<OpenApiDocument>(REFERENCE.api);
const webhooks = readJson<OpenApiDocument>(REFERENCE.webhooks);
const ours = readJson<OpenApiDocument>(GENERATED.bundle);

// Why the rule stands where an example disagrees: what the official SDKs recorded.
const CUSTOMER_METADATA =
  'a customer without metadata is recorded without the key (customers, and the customer of a tracked event)';
const CAMPAIGN_METADATA = 'four recorded campaigns made without metadata come without the key';
const CAMPAIGN_CATEGORIES = 'every recorded campaign carries `categories: []`, as the service documents the field';
const CAMPAIGN_UNSET = 'recorded campaigns leave never-set dates, category and validity settings out';
const RULE_EXCLUDED = 'the recorded rule that includes products comes without `excluded`';
const ORDER_ZEROS = 'recorded redemption orders leave the discount amounts that nothing discounted out';
const REDEEMABLE_CATEGORIES = "recorded validations leave a redeemable's empty categories out";

/**
 * Where the reference's examples disagree with the rule, by `<reference operation or event>:
 * <path>` (array positions written `[]`), and why the rule stands. The examples were written in
 * 2022 and 2023; the official SDKs recorded their answers against the service in 2024 and 2025,
 * and the rule follows those (decision 0057).
 */
const CONTRADICTIONS: Readonly<Record<string, string>> = {
  'EVENTS.BUS_VAL_RULE.ASSIGNMENT.DELETED: .rule.applicable_to.excluded (left out)': RULE_EXCLUDED,
  'EVENTS.BUS_VAL_RULE.CREATED: .rule.applicable_to.excluded (left out)': RULE_EXCLUDED,
  'EVENTS.BUS_VAL_RULE.DELETED: .rule.applicable_to.excluded (left out)': RULE_EXCLUDED,
  'EVENTS.CAMPAIGN.CREATED: .campaign.metadata (left out)': CAMPAIGN_METADATA,
  'EVENTS.CAMPAIGN.DELETED: .campaign.metadata (left out)': CAMPAIGN_METADATA,
  'EVENTS.CUSTOMER.HOLDER.ASSIGNMENT.CREATED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.LOYALTY.TIER.PROLONGED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.LOYALTY.TIER.UPGRADED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.ORDER.PAID: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.ORDER.UPDATED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.SEGMENT.ENTERED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.SEGMENT.LEFT: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.CUSTOMER.VOUCHER.LOYALTY_CARD.POINTS_ADDED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.VOUCHER.GIFT.TRANSACTION.CREATED: .holder.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.VOUCHER.LOYALTY_CARD.PENDING_POINTS.ACTIVATED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.VOUCHER.LOYALTY_CARD.PENDING_POINTS.CANCELED: .customer.metadata (left out)': CUSTOMER_METADATA,
  'EVENTS.VOUCHER.LOYALTY_CARD.TRANSACTION.CREATED: .holder.metadata (left out)': CUSTOMER_METADATA,
  'create-campaign-from-template 200: .campaign.activity_duration_after_publishing (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.categories (added)': CAMPAIGN_CATEGORIES,
  'create-campaign-from-template 200: .campaign.category (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.expiration_date (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.metadata (left out)': CAMPAIGN_METADATA,
  'create-campaign-from-template 200: .campaign.start_date (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.updated_at (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.validity_day_of_week (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.validity_hours (left out)': CAMPAIGN_UNSET,
  'create-campaign-from-template 200: .campaign.validity_timeframe (left out)': CAMPAIGN_UNSET,
  'get-campaign 200: .categories (added)': CAMPAIGN_CATEGORIES,
  'get-campaign 200: .metadata (left out)': CAMPAIGN_METADATA,
  'get-campaign-summary 200: .campaign.metadata (left out)': CAMPAIGN_METADATA,
  'get-redemption 200: .customer.metadata (left out)': CUSTOMER_METADATA,
  'get-validation-rule 200: .applicable_to.excluded (left out)': RULE_EXCLUDED,
  'get-voucher-redemptions 200: .redemption_entries[].customer.metadata (left out)': CUSTOMER_METADATA,
  'get-voucher-redemptions 200: .redemption_entries[].order.discount_amount (left out)': ORDER_ZEROS,
  'get-voucher-redemptions 200: .redemption_entries[].order.total_discount_amount (left out)': ORDER_ZEROS,
  'list-campaigns 200: .campaigns[].categories (added)': CAMPAIGN_CATEGORIES,
  'list-campaigns 200: .campaigns[].metadata (left out)': CAMPAIGN_METADATA,
  'list-redemptions 200: .redemptions[].customer.metadata (left out)': CUSTOMER_METADATA,
  'list-validation-rules 200: .data[].applicable_to.excluded (left out)': RULE_EXCLUDED,
  'validate-stacked-discounts 200: .redeemables[].categories (left out)': REDEEMABLE_CATEGORIES,
};

/** Where two JSON values differ: the paths of keys one has and the other lacks, or whose values differ. */
const differences = (before: unknown, after: unknown, path = ''): string[] => {
  if (before === after) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after))
    return [path || '(root)'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => {
    const at = Array.isArray(before) ? `${path}[]` : `${path}.${key}`;
    if (!(key in before)) return [`${at} (added)`];
    if (!(key in after)) return [`${at} (left out)`];
    return differences(before[key], after[key], at);
  });
};

interface Checked {
  examples: number;
  /** The differences found, each once: `<operation or event>: <path> (left out|added)`. */
  found: Set<string>;
}

const checkAnswers = (): Checked => {
  const { rows } = compareDocuments(ours, reference);
  const found = new Set<string>();
  let examples = 0;
  for (const row of rows) {
    const operationId = row.ours?.operation.operationId;
    if (operationId === undefined) continue;
    const label = row.reference.operation.operationId ?? operationId;
    for (const [status, raw] of Object.entries(row.reference.operation.responses)) {
      if (!status.startsWith('2')) continue;
      for (const [, value] of examplesOf(reference, resolveRef(reference, raw).content?.['application/json'])) {
        examples += 1;
        for (const where of differences(value, shapeAnswer(operationId, Number(status), value)))
          found.add(`${label} ${status}: ${where}`);
      }
    }
  }
  return { examples, found };
};

const checkWebhooks = (): Checked => {
  const found = new Set<string>();
  let examples = 0;
  for (const [event, item] of Object.entries(webhooks.webhooks ?? {})) {
    const body = item.post?.requestBody === undefined ? undefined : resolveRef(webhooks, item.post.requestBody);
    for (const [, value] of examplesOf(webhooks, body?.content['application/json'])) {
      examples += 1;
      for (const where of differences(value, shapeWebhookData(ourWebhookName(event), value)))
        found.add(`${event}: ${where}`);
    }
  }
  return { examples, found };
};

describe("the shape rule against the reference's examples", () => {
  const answers = checkAnswers();
  const events = checkWebhooks();

  it('reads every response example of the operations we share, and every webhook example', () => {
    expect(answers.examples).toBeGreaterThan(250);
    expect(events.examples).toBeGreaterThan(60);
  });

  it('changes none of them, but where CONTRADICTIONS says why the recorded answers win', () => {
    const unexplained = [...answers.found, ...events.found].filter(
      (difference) => CONTRADICTIONS[difference] === undefined,
    );
    expect(unexplained).toEqual([]);
  });

  it('lists no contradiction that the examples no longer show', () => {
    const shown = new Set([...answers.found, ...events.found]);
    expect(Object.keys(CONTRADICTIONS).filter((difference) => !shown.has(difference))).toEqual([]);
  });
});
