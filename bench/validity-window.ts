/**
 * Validity checks per second for a typical voucher: dates, a daily timeframe, working days and
 * happy hours, in the Europe/Warsaw time zone, at instants spread over two years (both changes
 * of the clocks included). The check is compiled once per voucher, as a store would keep it.
 * Target: at least 1,000,000 checks per second.
 *
 *   npm run build --workspace=@voucherkit/domain
 *   node --input-type=module -e "import('./bench/validity-window.ts').then(async (m) => console.log((await m.validityWindow()).join('\n')))"
 */
import { compileValidityWindow, createSeededRandom } from '@voucherkit/domain';
import { label } from './lib/measure.ts';

const DURATION_MS = 2_000;
const INSTANTS = 4_096;

export const validityWindow = async (): Promise<string[]> => {
  const check = compileValidityWindow(
    {
      active: true,
      start_date: '2025-01-01T08:00:00.000Z',
      expiration_date: '2026-12-31T22:59:59.000Z',
      validity_timeframe: { interval: 'P1D', duration: 'PT10H' },
      validity_day_of_week: [1, 2, 3, 4, 5],
      validity_hours: { daily: [{ start_time: '16:00', expiration_time: '18:00', days_of_week: [1, 2, 3, 4, 5] }] },
    },
    { timeZone: 'Europe/Warsaw' },
  );
  const random = createSeededRandom('validity');
  const from = Date.parse('2025-01-01T00:00:00.000Z');
  const span = Date.parse('2027-01-01T00:00:00.000Z') - from;
  const instants = Float64Array.from({ length: INSTANTS }, () => from + random.int(span));

  let active = 0;
  for (const instant of instants) if (check(instant).active) active += 1;

  let checks = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    for (const instant of instants) if (check(instant).active) active += 1;
    checks += INSTANTS;
  }
  const perSecond = checks / ((performance.now() - start) / 1000);
  // `active` keeps the results alive so the loop cannot be optimised away.
  return active < 0
    ? []
    : [
        'Validity windows (dates, daily timeframe, working days and happy hours, Europe/Warsaw)',
        `  ${label('checks per second (target ≥ 1,000,000)')}${Math.round(perSecond).toLocaleString('en')}`,
      ];
};
