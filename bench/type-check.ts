/**
 * What the client adds to a consumer's type-check, against what stripe-node adds: the same kind
 * of consumer file (seven operations) for each, over an empty file with the same settings
 * (strict, NodeNext, @types/node, no skipLibCheck), in interleaved rounds of one run.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { label, median } from './lib/measure.ts';

const ROUNDS = 5;
const PROJECTS = ['empty', 'voucherkit', 'stripe'] as const;

const tsc = (project: string): number => {
  const start = performance.now();
  execFileSync('tsc', ['-p', fileURLToPath(new URL(`./typecheck/${project}/tsconfig.json`, import.meta.url))], {
    stdio: 'inherit',
  });
  return performance.now() - start;
};

export const typeCheckCost = (): string[] => {
  const times: Record<(typeof PROJECTS)[number], number[]> = { empty: [], voucherkit: [], stripe: [] };
  for (let round = 0; round < ROUNDS; round += 1) for (const project of PROJECTS) times[project].push(tsc(project));
  const base = median(times.empty);
  const ours = median(times.voucherkit) - base;
  const stripe = median(times.stripe) - base;
  return [
    `Type-check cost (tsc --noEmit, median of ${ROUNDS} interleaved rounds; added = consumer − empty file)`,
    `  ${label('empty file (baseline)')}${base.toFixed(0)} ms`,
    `  ${label('added by @voucherkit/client, 7 operations')}${ours.toFixed(0)} ms`,
    `  ${label('added by stripe, 7 operations')}${stripe.toFixed(0)} ms`,
    `  ${label('ratio voucherkit / stripe (target ≤ 0.50)')}${(ours / stripe).toFixed(2)}`,
  ];
};
