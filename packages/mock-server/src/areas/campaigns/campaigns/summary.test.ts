import { describe, expect, it } from 'vitest';
import { StateHistory } from '../../../core/history/state-history.js';
import { TrackedState } from '../../../core/history/tracked-state.js';
import type { StoredVoucher } from '../vouchers/types.js';
import { CampaignDayCounts } from './summary.js';

const card = (points: number, balance: number) =>
  ({ id: `v_${points}`, loyalty_card: { points, balance } }) as unknown as StoredVoucher;

describe('CampaignDayCounts', () => {
  it('counts vouchers by day and sums the days a range keeps; a rewind takes the counts back', () => {
    const history = new StateHistory();
    let now = '2026-01-01T10:00:00.000Z';
    const counts = new CampaignDayCounts({ tracked: new TrackedState(history), timestamp: () => now });
    counts.count('camp_1', card(100, 100), 1);
    now = '2026-01-02T10:00:00.000Z';
    const mark = history.mark();
    counts.count('camp_1', card(50, 50), 1);
    counts.count('camp_1', card(100, 40), -1);
    expect(counts.totals('camp_1', () => true)).toEqual({
      created: 2,
      deleted: 1,
      createdAmount: 0,
      deletedAmount: 0,
      createdPoints: 150,
      deletedPoints: 40,
    });
    expect(counts.totals('camp_1', (day) => day >= '2026-01-02')).toMatchObject({ created: 1, deleted: 1 });
    expect(counts.totals('camp_2', () => true)).toMatchObject({ created: 0, deleted: 0 });
    history.rewind(mark);
    expect(counts.totals('camp_1', () => true)).toMatchObject({ created: 1, deleted: 0, createdPoints: 100 });
    counts.forget('camp_1');
    expect(counts.totals('camp_1', () => true)).toMatchObject({ created: 0 });
  });
});
