/**
 * What the bar beside a message says: that it mentions the user (directly, through a group or a
 * wildcard) or holds one of their alert words. A mention is named first, as it is the stronger
 * reason Zulip flags a message. Null when neither flag is set or the view does not carry them.
 */
import type { MessageView } from '../../common/model';

export function flagLabel(message: Pick<MessageView, 'mentioned' | 'alerted'>): string | null {
  if (message.mentioned) return 'Mentions you';
  if (message.alerted) return 'Contains one of your alert words';
  return null;
}
