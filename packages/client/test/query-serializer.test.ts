import { describe, expect, it } from 'vitest';
import { serializeQuery } from '../src/query-serializer.js';

describe('serializeQuery', () => {
  it('writes nested filters as deep objects, with indexed arrays inside them', () => {
    const query = serializeQuery({
      limit: 10,
      filters: { holder_role: { conditions: { $in: ['REFEREE', 'REFERRER'] } }, junction: 'AND' },
    });
    expect(decodeURIComponent(query)).toBe(
      'limit=10&filters[holder_role][conditions][$in][0]=REFEREE&filters[holder_role][conditions][$in][1]=REFERRER&filters[junction]=AND',
    );
    const parsed = new URLSearchParams(query);
    expect(parsed.get('filters[holder_role][conditions][$in][1]')).toBe('REFERRER');
  });

  it('repeats top-level arrays, writes dates in ISO 8601, encodes values and leaves out empty ones', () => {
    expect(
      serializeQuery({
        campaign_ids: ['camp_1', 'camp_2'],
        start_date: new Date('2026-01-01T00:00:00Z'),
        q: 'a&b=c',
        skip: undefined,
        none: null,
      }),
    ).toBe('campaign_ids=camp_1&campaign_ids=camp_2&start_date=2026-01-01T00%3A00%3A00.000Z&q=a%26b%3Dc');
    expect(serializeQuery({})).toBe('');
  });

  it('indexes lists of objects, as qs does, so that each object keeps its fields', () => {
    const query = serializeQuery({
      code: 'SUMMER10',
      item: [
        { product_id: 'prod_1', quantity: 2 },
        { product_id: 'prod_2', quantity: 1 },
      ],
      customer: { source_id: 'alice' },
    });
    expect(decodeURIComponent(query)).toBe(
      'code=SUMMER10&item[0][product_id]=prod_1&item[0][quantity]=2&item[1][product_id]=prod_2&item[1][quantity]=1&customer[source_id]=alice',
    );
  });
});
