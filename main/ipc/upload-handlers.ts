/** Handlers of the upload calls (common/ipc/uploads-contract.ts), onto UploadSessions. */
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { UploadCalls } from '../../common/ipc/uploads-contract';
import type { AccountManager } from '../accounts/manager';
import { temporaryUploadUrl } from '../api/routes/uploads';
import { DEFAULT_MAX_FILE_UPLOAD_MIB } from '../uploads/limits';
import type { UploadSessions } from '../uploads/sessions';
import { ViewUrls } from '../uploads/view-urls';

type UploadHandlers = { [N in keyof UploadCalls]: (args: CallArgs<N>) => Promise<CallResult<N>> };

/** How main reaches an account's client and its upload limit. */
export function uploadAccount(manager: AccountManager) {
  return (accountId: string) => {
    const { client, store } = manager.get(accountId).records.action();
    return { client, maxFileMib: store.realm.getNumber('max_file_upload_size_mib', DEFAULT_MAX_FILE_UPLOAD_MIB) };
  };
}

export function createUploadHandlers(manager: AccountManager, sessions: UploadSessions): UploadHandlers {
  const viewUrls = new ViewUrls((accountId, path) =>
    temporaryUploadUrl(manager.get(accountId).records.action().client, path),
  );
  return {
    'uploads:start': async (a) =>
      sessions.start(a.accountId, { name: a.name, type: a.type, size: a.size }, a.purpose ?? 'file'),
    'uploads:chunk': async (a) => {
      sessions.chunk(a.uploadId, a.offset, a.base64);
      return null;
    },
    'uploads:send': (a) => sessions.send(a.uploadId),
    'uploads:sendEmoji': (a) => sessions.sendEmoji(a.uploadId, a.name),
    'uploads:cancel': async (a) => {
      sessions.cancel(a.uploadId);
      return null;
    },
    'uploads:viewUrl': async (a) => ({ url: await viewUrls.get(a.accountId, a.path) }),
  };
}
