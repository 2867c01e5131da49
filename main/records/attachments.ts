/**
 * attachments:list and attachments:delete. The list is asked of the server the first time (and
 * again after a new register, which replaces the realm table it lives in); attachment events
 * keep it current in between, so the screen follows uploads and deletions made elsewhere.
 */
import type { AttachmentView } from '../../common/model';
import { deleteAttachment, getAttachments } from '../api/routes/attachments';
import type { ApiClient } from '../api';
import type { AccountStore } from '../store/account-store';
import { ATTACHMENTS_KEY, sortedAttachments, storedAttachments, toAttachmentView } from '../sync/convert-attachments';

/** `client` is asked for only when the list must be fetched (it throws when signed out). */
export async function listAttachments(store: AccountStore, client: () => ApiClient): Promise<AttachmentView[]> {
  const cached = storedAttachments(store.realm.get(ATTACHMENTS_KEY));
  if (cached !== null) return cached;
  const list = sortedAttachments((await getAttachments(client())).map(toAttachmentView));
  store.realm.set(ATTACHMENTS_KEY, list);
  return list;
}

export async function removeAttachment(client: ApiClient, id: number): Promise<null> {
  await deleteAttachment(client, id);
  return null;
}
