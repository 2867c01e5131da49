/**
 * The outbox table: a message the user wrote is stored here before anything is sent, and
 * stays until the server's message event confirms it (or, when refused, until the user
 * deals with it). Rows are addressed by local_id, which also travels to the server.
 *
 * States: `pending` (to send), `sending` (an attempt whose outcome we do not know: in flight,
 * or interrupted by a crash or a lost answer), `sent` (the server gave it an ID; waiting for
 * its message to reach the cache), `failed` (refused; the user edits or discards it).
 */
import type { ComposeTarget } from '../../../common/model';
import { writeReturning, type Db } from '../db';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxEntry {
  /** Row number; the local echo's message ID is its negation, so echoes never clash with server IDs. */
  seq: number;
  localId: string;
  createdAt: number;
  target: ComposeTarget;
  channelId: number | null;
  topic: string;
  dmKey: string | null;
  content: string;
  state: OutboxState;
  attempts: number;
  messageId: number | null;
  sendError: string | null;
  /** The highest message ID known when the last attempt began: the server's ID for it would be above. */
  attemptFloorId: number | null;
}

interface Row {
  id: number;
  local_id: string;
  created_at: number;
  target: string;
  channel_id: number | null;
  topic: string;
  dm_key: string | null;
  content: string;
  state: OutboxState;
  attempts: number;
  message_id: number | null;
  send_error: string | null;
  attempt_floor_id: number | null;
}

function toEntry(r: Row): OutboxEntry {
  return {
    seq: r.id,
    localId: r.local_id,
    createdAt: r.created_at,
    target: JSON.parse(r.target) as ComposeTarget,
    channelId: r.channel_id,
    topic: r.topic,
    dmKey: r.dm_key,
    content: r.content,
    state: r.state,
    attempts: r.attempts,
    messageId: r.message_id,
    sendError: r.send_error,
    attemptFloorId: r.attempt_floor_id,
  };
}

export interface NewOutboxEntry {
  localId: string;
  createdAt: number;
  target: ComposeTarget;
  channelId: number | null;
  topic: string;
  dmKey: string | null;
  content: string;
}

export class OutboxRepo {
  readonly #insert;
  readonly #byLocalId;
  readonly #byMessageId;
  readonly #update;
  readonly #sending;
  readonly #remove;
  readonly #discard;
  readonly #edit;
  readonly #inState;
  readonly #unconfirmed;
  readonly #unfinished;

  constructor(db: Db) {
    this.#insert = db.prepare(
      `INSERT INTO outbox (local_id, created_at, updated_at, target, channel_id, topic, dm_key, content, state)
       VALUES (@localId, @createdAt, @createdAt, @target, @channelId, @topic, @dmKey, @content, 'pending') RETURNING *`,
    );
    this.#byLocalId = db.prepare('SELECT * FROM outbox WHERE local_id = ?');
    this.#byMessageId = db.prepare('SELECT * FROM outbox WHERE message_id = ?');
    this.#update = db.prepare(
      `UPDATE outbox SET state = @state, message_id = coalesce(@messageId, message_id),
         send_error = @sendError, updated_at = @now WHERE local_id = @localId RETURNING *`,
    );
    // The floor: every message ID the cache or an earlier send knows of. Both reads use primary keys or indexes.
    this.#sending = db.prepare(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, send_error = NULL, updated_at = @now,
         attempt_floor_id = max(coalesce((SELECT max(id) FROM messages), 0),
                                coalesce((SELECT max(message_id) FROM outbox), 0))
       WHERE local_id = @localId RETURNING *`,
    );
    this.#remove = db.prepare('DELETE FROM outbox WHERE local_id = ? RETURNING *');
    this.#discard = db.prepare("DELETE FROM outbox WHERE local_id = ? AND state IN ('pending', 'failed') RETURNING *");
    this.#edit = db.prepare(
      `UPDATE outbox SET content = @content, state = 'pending', send_error = NULL, updated_at = @now,
         target = coalesce(@target, target),
         channel_id = CASE WHEN @target IS NULL THEN channel_id ELSE @channelId END,
         topic = CASE WHEN @target IS NULL THEN topic ELSE @topic END,
         dm_key = CASE WHEN @target IS NULL THEN dm_key ELSE @dmKey END
       WHERE local_id = @localId AND state IN ('pending', 'failed') RETURNING *`,
    );
    this.#inState = db.prepare('SELECT * FROM outbox WHERE state = ? ORDER BY id');
    this.#unconfirmed = db.prepare('SELECT * FROM outbox ORDER BY id');
    this.#unfinished = db.prepare("SELECT * FROM outbox WHERE state <> 'failed' ORDER BY id");
  }

  add(entry: NewOutboxEntry): OutboxEntry {
    return toEntry(writeReturning(this.#insert, { ...entry, target: JSON.stringify(entry.target) }) as Row);
  }

  get(localId: string): OutboxEntry | null {
    const r = this.#byLocalId.get(localId) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  byMessageId(messageId: number): OutboxEntry | null {
    const r = this.#byMessageId.get(messageId) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  /** An attempt begins: counted, and the floor for finding its message later is recorded. */
  markSending(localId: string, now: number): OutboxEntry | null {
    const r = writeReturning(this.#sending, { localId, now }) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  markSent(localId: string, messageId: number, now: number): OutboxEntry | null {
    return this.#set(localId, { state: 'sent', messageId, sendError: null, now });
  }

  markFailed(localId: string, sendError: string, now: number): OutboxEntry | null {
    return this.#set(localId, { state: 'failed', messageId: null, sendError, now });
  }

  /** Back to pending: the server surely did not take it (refused before reading it, or not found there). */
  markPending(localId: string, now: number): OutboxEntry | null {
    return this.#set(localId, { state: 'pending', messageId: null, sendError: null, now });
  }

  /** Drops a row once the server's own message has replaced it; returns it if it existed. */
  remove(localId: string): OutboxEntry | null {
    const r = writeReturning(this.#remove, localId) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  /** The user gives up on a message; only rows not (possibly) on the server yet. */
  discard(localId: string): OutboxEntry | null {
    const r = writeReturning(this.#discard, localId) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  /** New words (and, with `to`, a new destination) for a row not (possibly) on the server yet; back to pending. */
  edit(
    localId: string,
    content: string,
    to: Pick<NewOutboxEntry, 'target' | 'channelId' | 'topic' | 'dmKey'> | null,
    now: number,
  ): OutboxEntry | null {
    const r = writeReturning(this.#edit, {
      localId,
      content,
      now,
      target: to ? JSON.stringify(to.target) : null,
      channelId: to?.channelId ?? null,
      topic: to?.topic ?? '',
      dmKey: to?.dmKey ?? null,
    }) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  inState(state: OutboxState): OutboxEntry[] {
    return (this.#inState.all(state) as Row[]).map(toEntry);
  }

  /** Every row still waiting to be replaced by a server message, oldest first. */
  all(): OutboxEntry[] {
    return (this.#unconfirmed.all() as Row[]).map(toEntry);
  }

  /** Rows the send loop works on (all but refused ones), oldest first. */
  unfinished(): OutboxEntry[] {
    return (this.#unfinished.all() as Row[]).map(toEntry);
  }

  #set(
    localId: string,
    v: { state: OutboxState; messageId: number | null; sendError: string | null; now: number },
  ): OutboxEntry | null {
    const r = writeReturning(this.#update, { localId, ...v }) as Row | undefined;
    return r ? toEntry(r) : null;
  }
}
