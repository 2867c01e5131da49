import { badRequest, missingParam } from '../http/errors';
import type { Params } from '../http/params';
import type { Anchor } from './page';

/**
 * The anchor of GET /messages and POST /messages/flags/narrow: a message ID, newest, oldest or
 * first_unread; the deprecated use_first_unread_anchor=true stands for first_unread.
 */
export function parseAnchor(params: Params): Anchor {
  const useFirstUnread = params.bool('use_first_unread_anchor', false);
  const raw = params.string('anchor');
  if (raw === undefined) {
    if (useFirstUnread) return 'first_unread';
    throw missingParam('anchor');
  }
  if (raw === 'newest' || raw === 'oldest' || raw === 'first_unread') return raw;
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest(`Invalid anchor`);
  return Math.max(0, Number(raw));
}
