/**
 * Which DM conversations the sidebar draws. A big organization's account has hundreds (a hundred
 * recent plus every unread one), whose rows took ~0.2 s of a cold start at 30k people: the newest
 * DMS_SHOWN and the open one are drawn until the user asks for all, as Zulip's sidebar keeps its
 * list short.
 */
import type { DmSummary } from '../../../common/model';

/** Conversations drawn before "Show all". */
export const DMS_SHOWN = 20;

export function shownDms(dms: readonly DmSummary[], isCurrent: (dm: DmSummary) => boolean): DmSummary[] {
  return dms.filter((dm, i) => i < DMS_SHOWN || isCurrent(dm));
}
