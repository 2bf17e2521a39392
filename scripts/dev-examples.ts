import { readFileSync } from 'node:fs';
import { checkExamples, checkWebhookExamples } from './lib/examples.ts';
import { compareDocuments } from './lib/parity.ts';
import { operations, webhookEvents } from '../packages/mock-server/src/generated/operations.ts';
const reference = JSON.parse(readFileSync('spec/reference/voucherify-openapi.json', 'utf8'));
const ours = JSON.parse(readFileSync('spec/generated/openapi.json', 'utf8'));
const parity = compareDocuments(ours, reference);
const report = checkExamples(reference, parity, operations as never);
console.log(`examples ${report.outcomes.length}, accepted ${report.accepted}, rejected ${report.rejected.length}`);
for (const r of report.rejected) console.log(`${r.operation} ${r.where} ${r.name}: ${r.reason}`);
const webhooks = checkWebhookExamples(
  JSON.parse(readFileSync('spec/reference/voucherify-webhooks.json', 'utf8')),
  webhookEvents,
);
console.log(
  `webhook examples ${webhooks.outcomes.length}, accepted ${webhooks.accepted}, rejected ${webhooks.rejected.length}`,
);
for (const r of webhooks.rejected) console.log(`${r.operation} (${r.ours ?? '-'}) ${r.name}: ${r.reason}`);
