/** attachment events (to the uploader): a file added, linked from a message (update), or deleted. */
import type { AttachmentEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import { ATTACHMENTS_KEY, sortedAttachments, storedAttachments, toAttachmentView } from '../convert-attachments';

export function applyAttachment({ store }: ApplyContext, ev: AttachmentEvent): Delta[] {
  const list = storedAttachments(store.realm.get(ATTACHMENTS_KEY));
  // Never fetched: GET /attachments will bring the whole list when the screen asks.
  if (list === null) return [{ kind: 'recordsChanged', areas: ['attachments'] }];
  const rest = list.filter((a) => a.id !== ev.attachment.id);
  const next = ev.op === 'remove' ? rest : sortedAttachments([...rest, toAttachmentView(ev.attachment)]);
  store.realm.set(ATTACHMENTS_KEY, next);
  return [{ kind: 'recordsChanged', areas: ['attachments'] }];
}
