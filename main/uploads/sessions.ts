/**
 * Uploads in flight. The renderer opens one, hands its bytes over in pieces, then asks main to
 * send it; main holds the pieces (never on disk), does the multipart request with the account's
 * key and reports progress. Cancel works at every step: before the send it drops the bytes, during
 * it aborts the request.
 */
import { randomUUID } from 'node:crypto';
import type { Events, IpcErrorCode } from '../../common/ipc/contract';
import { UPLOAD_CHUNK_BYTES, type UploadedFileRef } from '../../common/ipc/uploads-contract';
import type { ApiClient } from '../api';
import { uploadCustomEmoji, uploadFile } from '../api/routes/uploads';
import { IpcFailure } from '../failure';
import { checkUpload, type FileFacts } from './limits';

/** Uploads open at once; more means a renderer gone wrong, not a person attaching files. */
const MAX_OPEN = 20;

export interface UploadAccount {
  client: ApiClient;
  /** The organization's max_file_upload_size_mib. */
  maxFileMib: number;
}

interface Session extends FileFacts {
  accountId: string;
  chunks: Buffer[];
  received: number;
  controller: AbortController;
}

export class UploadSessions {
  readonly #open = new Map<string, Session>();

  constructor(
    private readonly account: (accountId: string) => UploadAccount,
    private readonly emit: (name: 'uploads:progress', payload: Events['uploads:progress']) => void,
  ) {}

  start(accountId: string, file: FileFacts, purpose: 'file' | 'emoji'): { uploadId: string; maxBytes: number } {
    const maxBytes = checkUpload(file, purpose, this.account(accountId).maxFileMib);
    if (this.#open.size >= MAX_OPEN) {
      throw new IpcFailure('INVALID_ARGUMENT', `At most ${MAX_OPEN} uploads can run at once; wait for one to finish.`);
    }
    const uploadId = randomUUID();
    this.#open.set(uploadId, { ...file, accountId, chunks: [], received: 0, controller: new AbortController() });
    return { uploadId, maxBytes };
  }

  chunk(uploadId: string, offset: number, base64: string): void {
    const session = this.#get(uploadId);
    const bytes = Buffer.from(base64, 'base64');
    if (offset !== session.received || bytes.length === 0 || bytes.length > UPLOAD_CHUNK_BYTES) {
      throw new IpcFailure('INVALID_ARGUMENT', `The pieces of “${session.name}” arrived out of order; try again.`);
    }
    if (session.received + bytes.length > session.size) {
      throw new IpcFailure('INVALID_ARGUMENT', `“${session.name}” is larger than it said it was; try again.`);
    }
    session.chunks.push(bytes);
    session.received += bytes.length;
  }

  /** POST /user_uploads with the whole file. */
  async send(uploadId: string): Promise<UploadedFileRef> {
    return this.#finish(uploadId, (client, file, opts) => uploadFile(client, file, opts));
  }

  /** POST /realm/emoji/{name} with the whole file. */
  async sendEmoji(uploadId: string, name: string): Promise<null> {
    await this.#finish(uploadId, (client, file, opts) => uploadCustomEmoji(client, name, file, opts));
    return null;
  }

  cancel(uploadId: string): void {
    const session = this.#open.get(uploadId);
    if (!session) return;
    session.controller.abort();
    this.#open.delete(uploadId);
  }

  /** Everything an account had open goes (sign-out). */
  cancelAccount(accountId: string): void {
    for (const [id, session] of this.#open) if (session.accountId === accountId) this.cancel(id);
  }

  async #finish<T>(
    uploadId: string,
    request: (
      client: ApiClient,
      file: { name: string; type: string; bytes: Uint8Array },
      opts: { signal: AbortSignal; timeoutMs: number; onProgress: (sent: number, total: number) => void },
    ) => Promise<T>,
  ): Promise<T> {
    const session = this.#get(uploadId);
    if (session.received !== session.size) {
      throw new IpcFailure('INVALID_ARGUMENT', `Only part of “${session.name}” arrived; try again.`);
    }
    const bytes = Buffer.concat(session.chunks);
    session.chunks = [];
    const { client } = this.account(session.accountId);
    try {
      return await request(
        client,
        { name: session.name, type: session.type, bytes },
        {
          signal: session.controller.signal,
          // A big file on a slow line takes minutes; only silence this long is a failure.
          timeoutMs: 10 * 60_000,
          onProgress: (sent, total) => this.emit('uploads:progress', { uploadId, sent, total }),
        },
      );
    } catch (e) {
      if (session.controller.signal.aborted)
        throw new IpcFailure('CANCELLED', `The upload of “${session.name}” was cancelled.`);
      throw e;
    } finally {
      this.#open.delete(uploadId);
    }
  }

  #get(uploadId: string): Session {
    const session = this.#open.get(uploadId);
    if (!session)
      throw new IpcFailure('INVALID_ARGUMENT' as IpcErrorCode, 'This upload was cancelled or has finished.');
    return session;
  }
}
