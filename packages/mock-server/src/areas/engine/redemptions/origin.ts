import type { Principal } from '../../../http/authenticate.js';
import type { Origin } from '../../../core/origin.js';

/** The origin of a request's redemption records: its id, and the channel of the key it came with. */
export const redemptionOrigin = (principal: Principal, requestId: string): Origin<'requestId' | 'channel'> => {
  const keys = principal.kind === 'management' ? undefined : principal.project.keys;
  const channelId = principal.kind === 'client' ? keys?.clientAppId : keys?.appId;
  return { requestId, channel: { channel_id: channelId ?? requestId, channel_type: 'API' } };
};
