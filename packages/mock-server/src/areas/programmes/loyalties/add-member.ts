import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { LoyaltyStore } from './store.js';

/**
 * Makes a customer a member of a loyalty programme, as `POST /v1/loyalties/{campaignId}/members`
 * does: publishes the card named by `voucher`, else the programme's next card (a customer who
 * already holds one gets it again: programmes are join-once).
 *
 * @param stores - The project's loyalty programmes and publications.
 * @param programmeRef - The programme's id or name.
 * @param request - The request: the customer, and optionally the card's code.
 * @param origin - The request that makes the member, for the events.
 * @returns The member's card, as stored after the publication.
 * @throws ApiError 404 for an unknown programme, customer or card, or a card of another programme;
 *   the refusals of a publication.
 */
export const addMember = (
  stores: { readonly loyalties: LoyaltyStore; readonly publications: PublicationStore },
  programmeRef: string,
  request: Resource<'LoyaltyMemberCreateRequest'>,
  origin: Origin = {},
): StoredVoucher => {
  const { loyalties, publications } = stores;
  const programme = loyalties.programme(programmeRef);
  const { voucher: code, ...rest } = request;
  const published = publications.publishOne(
    { ...rest, ...(code === undefined ? { campaign: { name: programme.id } } : { voucher: code }) } as never,
    { joinOnce: true },
    origin,
  );
  return loyalties.member(published.code, programme.id);
};
