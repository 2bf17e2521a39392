import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { useMockService } from './setup.js';

/**
 * A fresh mock per test with what loyalty tests share: the official client's shape of our client,
 * and helpers that create a programme and make a customer a member.
 */
export const useLoyaltyMock = () => {
  const mock = useMockService();
  const state = () => mock.service.projects.primary.state;
  const client = (): VoucherkitClient => {
    const { appId, appToken } = mock.service.projects.primary.keys;
    return createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
  };
  /** A programme of cards coded `LC-####` whose points expire at the end of the month after the one they are earned in. */
  const createProgramme = async (extra: Record<string, unknown> = {}) => {
    const programme = await client().loyalties.create({
      name: 'Members Club',
      type: 'AUTO_UPDATE',
      voucher: {
        type: 'LOYALTY_CARD',
        loyalty_card: {
          points: 0,
          expiration_rules: { period_type: 'MONTH', period_value: 1, rounding_type: 'END_OF_MONTH' },
        },
        code_config: { pattern: 'LC-####' },
      },
      ...extra,
    } as never);
    await mock.service.scheduler.drain();
    return programme;
  };
  /** Makes a customer (by default `ana`) a member: their card. */
  const join = async (programmeId: string, customer: string | Record<string, unknown> = { source_id: 'ana' }) =>
    client().loyalties.createMember(programmeId, { customer } as never);
  return { mock, state, client, createProgramme, join };
};
