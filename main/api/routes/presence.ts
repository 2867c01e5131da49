/** The user's own presence, reported on a timer, which also brings everyone else's. */
import type { ApiClient, RequestOptions } from '../client';
import { PresenceResponse } from '../schemas/presence';

export interface PresenceReport {
  status: 'active' | 'idle';
  /** The highest presence_last_update_id seen (-1: none yet), so only newer data comes back. */
  lastUpdateId: number;
  /** Whether the user touched the app since the previous report (Zulip's usage statistics). */
  newUserInput: boolean;
  /** Only for the first fetch: how many days of presence to return (FL 288). */
  historyLimitDays?: number | undefined;
}

/**
 * POST /users/me/presence: reports our status and returns what changed in everyone's presence.
 * slim_presence asks servers older than last_update_id (FL 263) for the modern format too.
 */
export async function reportPresence(
  client: ApiClient,
  report: PresenceReport,
  opts: RequestOptions = {},
): Promise<PresenceResponse> {
  const params = {
    status: report.status,
    last_update_id: report.lastUpdateId,
    new_user_input: report.newUserInput,
    slim_presence: true,
    history_limit_days: report.historyLimitDays,
  };
  return client.request('POST', '/users/me/presence', params, PresenceResponse, opts);
}
