/**
 * One handler per call of the contract, each a thin step from validated arguments to the
 * AccountManager or an Account. Nothing here catches: dispatch turns failures into IpcErrors.
 */
import type { CallArgs, CallName, CallResult } from '../../common/ipc/contract';
import type { AccountManager } from '../accounts/manager';
import { findDraftForNarrow } from '../accounts/draft-lookup';
import { probeServer, type HttpTransport } from '../api';
import { createMessageHandlers } from './message-handlers';
import { createRecordHandlers } from './record-handlers';
import { createScheduledHandlers } from './scheduled-handlers';
import { createAdminHandlers } from './admin-handlers';
import type { EventListener } from './types';
import { UploadSessions } from '../uploads/sessions';
import { createUploadHandlers, uploadAccount } from './upload-handlers';
import { createConversationHandlers } from './conversation-handlers';

export type Handlers = { [N in CallName]: (args: CallArgs<N>) => Promise<CallResult<N>> };

export function createHandlers(manager: AccountManager, transport?: HttpTransport, emit?: EventListener): Handlers {
  const uploads = new UploadSessions(uploadAccount(manager), (name, payload) => emit?.(name, payload));
  return {
    'app:state': async () => manager.appState(),
    'server:probe': (a) => probeServer(a.url, transport),
    'server:acceptInsecure': async (a) => {
      await manager.acceptInsecure(a.url);
      return null;
    },
    'account:signIn': (a) => manager.signIn(a),
    'account:signOut': async (a) => {
      await manager.signOut(a.accountId, { keepCache: a.keepCache === true });
      return null;
    },
    'account:signInWithKey': (a) => manager.signInWithKey(a),
    'account:importZuliprc': (a) => manager.importZuliprc(a),
    'account:ssoStart': (a) => manager.ssoStart(a),
    'account:ssoComplete': (a) => manager.ssoComplete(a),
    'account:switch': async (a) => manager.switchTo(a.accountId),
    'outbox:edit': async (a) => {
      manager.get(a.accountId).editOutbox(a.localId, a.content, a.to);
      return null;
    },
    'outbox:discard': async (a) => {
      manager.get(a.accountId).discardOutbox(a.localId);
      return null;
    },
    'notify:setDoNotDisturb': async (a) => {
      manager.setDoNotDisturb(a.enabled);
      return null;
    },
    'sidebar:get': async (a) => manager.get(a.accountId).sidebar(),
    // The renderer reads only the page: it gets it before it is stored (accounts/pending-stores.ts).
    'messages:page': (a) =>
      manager.get(a.accountId).page(a.narrow, a.anchor, a.before, a.after, {
        cacheFirst: a.cacheFirst === true,
        beforeStored: true,
      }),
    'compose:send': async (a) => manager.get(a.accountId).send(a.to, a.content),
    'view:open': async (a) => {
      manager.openView(a.accountId, a.narrow);
      return null;
    },
    'messages:raw': (a) => manager.get(a.accountId).actions.rawContent(a.messageId),
    'messages:history': (a) => manager.get(a.accountId).actions.history(a.messageId),
    'drafts:forNarrow': async (a) => {
      const { drafts } = manager.get(a.accountId).records;
      return findDraftForNarrow((cursor, limit) => drafts.list(cursor, limit), a.narrow);
    },
    ...createMessageHandlers(manager),
    ...createRecordHandlers(manager),
    ...createScheduledHandlers(manager),
    ...createUploadHandlers(manager, uploads),
    ...createAdminHandlers(manager),
    ...createConversationHandlers(manager),
  };
}
