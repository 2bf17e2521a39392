import type { EventLog } from '../../../core/event-log.js';

/** A programmes store that keeps records of campaigns: its reward assignments, earning rules or tiers. */
export interface CampaignHoldings {
  /** Forgets what it keeps of a campaign that is gone, without events (the deletion tells of it). */
  releaseCampaign(campaignId: string): void;
}

/**
 * Forgets what the programmes keep of a campaign once it is deleted: the campaign is gone at once
 * (into the bin or for good), so the rewards it offered, its earning rules and its tiers go with
 * it, and a reward it offered can be deleted afterwards. The campaigns area records
 * `campaign.deleted`; nothing there calls up.
 *
 * @param events - The project's event log.
 * @param holdings - The stores to tell.
 * @returns A function that stops listening.
 */
export const releaseDeletedCampaigns = (events: EventLog, holdings: readonly CampaignHoldings[]): (() => void) =>
  events.subscribe(
    (event) => {
      for (const holding of holdings) holding.releaseCampaign(event.entity_id);
    },
    { type: 'campaign.deleted' },
  );
