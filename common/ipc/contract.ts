/**
 * The one IPC contract between the renderer and main. Both transports (Electron's
 * ipcRenderer/ipcMain through the preload, and the bridge host's WebSocket) carry exactly this.
 *
 * - Calls: renderer -> main request/response; main answers with an IpcResult.
 * - Sends: renderer -> main fire-and-forget.
 * - Events: main -> renderer pushes (small typed deltas).
 */
import type {
  AccountStatus,
  AccountSummary,
  Anchor,
  AppState,
  ComposeTarget,
  DraftView,
  MessagePage,
  MessageVersion,
  MessageView,
  Narrow,
  ServerInfo,
  Sidebar,
} from '../model';
import type { SidebarDelta } from '../sidebar-delta';
import { MESSAGE_CALL_NAMES, MESSAGE_EVENT_NAMES, type MessageCalls, type MessageEvents } from './messages-contract';
import { RECORD_CALL_NAMES, RECORD_EVENT_NAMES, type RecordCalls, type RecordEvents } from './records-contract';
import { SCHEDULED_CALL_NAMES, type ScheduledCalls } from './scheduled-contract';
import { ADMIN_CALL_NAMES, type AdminCalls } from './admin-contract';
import { UPLOAD_CALL_NAMES, UPLOAD_EVENT_NAMES, type UploadCalls, type UploadEvents } from './uploads-contract';
import { CONVERSATION_CALL_NAMES, type ConversationCalls } from './conversations-contract';

/**
 * RecordCalls (./records-contract.ts): channels, groups, drafts, snippets, users, settings, ...
 * MessageCalls (./messages-contract.ts): read, star, react, edit, delete, typing, unreads, search.
 * ScheduledCalls (./scheduled-contract.ts): scheduled messages and reminders.
 */
export interface Calls extends RecordCalls, MessageCalls, ScheduledCalls, UploadCalls, AdminCalls, ConversationCalls {
  /** Everything the renderer needs at start: accounts, the last view, keychain state. */
  'app:state': (args: Record<string, never>) => AppState;
  /** GET /server_settings for a URL the user typed (normalised in main). */
  'server:probe': (args: { url: string }) => ServerInfo;
  /**
   * The user read the warning that this server uses plain HTTP and chose to sign in anyway; until
   * then every sign-in to it is refused with INSECURE_CONNECTION. Loopback needs no acceptance.
   */
  'server:acceptInsecure': (args: { url: string }) => null;
  /** POST /fetch_api_key, then the key goes to the keychain and the account starts syncing. */
  'account:signIn': (args: { url: string; email: string; password: string }) => AccountSummary;
  /**
   * Stops the account and forgets its key; its cached messages, drafts and users are deleted
   * from this computer unless `keepCache` (the user chose to keep them for offline reading).
   */
  'account:signOut': (args: { accountId: string; keepCache?: boolean | undefined }) => null;
  /** A pasted API key: checked with GET /users/me, then kept like a password sign-in's key. */
  'account:signInWithKey': (args: { url: string; email: string; apiKey: string }) => AccountSummary;
  /** The text of a zuliprc file ([api] site, email, key). */
  'account:importZuliprc': (args: { text: string }) => AccountSummary;
  /** Begins a browser sign-in; open loginUrl in the system browser. `method`: an external auth method's name. */
  'account:ssoStart': (args: { url: string; method?: string | undefined }) => { loginUrl: string };
  /** Finishes it with the zulip://login redirect (also announced as account:ssoResult). */
  'account:ssoComplete': (args: { url: string }) => AccountSummary;
  /** Makes this account the active one; answers the new app state (with its last view). */
  'account:switch': (args: { accountId: string }) => AppState;
  /** Changes an unsent or refused message (its words, and where it goes if `to` is given) and queues it again. */
  'outbox:edit': (args: {
    accountId: string;
    localId: string;
    content: string;
    to?: ComposeTarget | undefined;
  }) => null;
  /** Drops an unsent or refused message (its echo goes as messages:removed). */
  'outbox:discard': (args: { accountId: string; localId: string }) => null;
  /** Parley's do-not-disturb switch: while on, no notify:show is emitted. */
  'notify:setDoNotDisturb': (args: { enabled: boolean }) => null;
  'sidebar:get': (args: { accountId: string }) => Sidebar;
  'messages:page': (args: {
    accountId: string;
    narrow: Narrow;
    anchor: Anchor;
    before: number;
    after: number;
    /**
     * Opening a conversation: when the cache holds part of the window, answer with that part at
     * once (foundOldest/foundNewest false where it ends) instead of asking the server for the rest
     * first; the list asks for the rest from the window's edges as the reader scrolls to them.
     */
    cacheFirst?: boolean | undefined;
  }) => MessagePage;
  /** Queues the message (local echo arrives as messages:added) and returns its local ID. */
  'compose:send': (args: { accountId: string; to: ComposeTarget; content: string }) => { localId: string };
  /** Remembers the open view so the next start shows it from the cache at once. */
  'view:open': (args: { accountId: string; narrow: Narrow }) => null;
  /** A message's words as the user wrote them (Markdown), asked of the server, for the edit box. */
  'messages:raw': (args: { accountId: string; messageId: number }) => { content: string };
  /** A message's versions, oldest first (the original, then each edit or move), asked of the server. */
  'messages:history': (args: { accountId: string; messageId: number }) => MessageVersion[];
  /**
   * The newest saved draft that compose in this narrow would continue: the same topic or the same
   * DM participants; for a channel narrow, the channel's newest draft (whatever its topic). Null: none.
   */
  'drafts:forNarrow': (args: { accountId: string; narrow: Narrow }) => DraftView | null;
}

export interface Sends {
  /** A renderer-side problem worth a line in main's log (never secrets). */
  'log:error': { message: string; stack?: string };
  /**
   * The network came back (the renderer's `online`) or the computer woke (Electron's powerMonitor):
   * every account retries its server now instead of finishing a backoff or a dead long-poll.
   */
  'app:wake': Record<string, never>;
  /**
   * The window as it is now, as markup: the next start shows it until the app has drawn its own
   * (main/launch-picture). `accountId` is the account it shows, `build` the renderer bundle's path,
   * `theme` the root's data-theme.
   */
  'window:picture': { accountId: string; html: string; build: string; theme: 'dark' | 'light' | null };
  /**
   * What the user looks at, whenever it changes: the account and conversation on screen (null on
   * any other screen) and whether the window has focus. No notification rings for a message in
   * that conversation while the window has focus (main/notifications/attention.ts).
   */
  'window:attention': { accountId: string | null; narrow: Narrow | null; focused: boolean };
}

export interface Events extends RecordEvents, MessageEvents, UploadEvents {
  'account:status': { accountId: string; status: AccountStatus };
  'accounts:changed': { accounts: AccountSummary[] };
  /** The whole sidebar: an account's first (warm start); after it, only sidebar:delta. */
  'sidebar:changed': { sidebar: Sidebar };
  /** What changed in the sidebar since the last one sent (common/sidebar-delta.ts). */
  'sidebar:delta': { delta: SidebarDelta };
  /**
   * New messages (from the server, or a local echo carrying localId). `newerLeftOut`: the open
   * conversation got more new messages at once than are sent (a catch-up after sleep); these are
   * the oldest of them, and the rest are for the message list to page in after them.
   */
  'messages:added': { accountId: string; messages: MessageView[]; newerLeftOut?: true };
  /** Changed messages, replacing the ones with the same id (or the same localId for echoes). */
  'messages:updated': { accountId: string; messages: MessageView[] };
  'messages:removed': { accountId: string; messageIds: number[] };
  /** How a browser sign-in ended, whoever delivered the zulip://login link. */
  'account:ssoResult': { ok: true; account: AccountSummary } | { ok: false; error: IpcError };
  /** A new message the notification policy says to show (main/electron displays it). */
  'notify:show': { accountId: string; title: string; body: string; narrow: Narrow; messageId?: number };
  /** Show this account's narrow (the user clicked a system notification); switch accounts if needed. */
  'view:navigate': { accountId: string; narrow: Narrow; messageId?: number };
}

export type CallName = keyof Calls;
export type SendName = keyof Sends;
export type EventName = keyof Events;
export type CallArgs<N extends CallName> = Parameters<Calls[N]>[0];
export type CallResult<N extends CallName> = ReturnType<Calls[N]>;

/** Error codes that cross the bridge. Server error codes (BAD_REQUEST, ...) pass through as they are. */
export type IpcErrorCode =
  | 'INVALID_ARGUMENT'
  | 'UNKNOWN_CALL'
  | 'UNKNOWN_ACCOUNT'
  | 'UNREACHABLE'
  | 'NOT_ZULIP'
  | 'INCOMPATIBLE'
  | 'BAD_CREDENTIALS'
  | 'INSECURE_CONNECTION'
  | 'USER_DEACTIVATED'
  | 'REALM_DEACTIVATED'
  | 'KEYCHAIN'
  | 'INTERNAL'
  | (string & {});

export interface IpcError {
  code: IpcErrorCode;
  /** Human-readable, safe to show on screen; never contains a secret. */
  message: string;
  details?: Record<string, unknown>;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Channel names used on the Electron transport. */
export const IPC_CALL_CHANNEL = 'parley:call';
export const IPC_SEND_CHANNEL = 'parley:send';
export const IPC_EVENT_CHANNEL = 'parley:event';

/**
 * The API the preload exposes as `window.parley` and the WebSocket client implements.
 * The renderer sees only this.
 */
export interface Bridge {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallResult<N>>>;
  send<N extends SendName>(name: N, payload: Sends[N]): void;
  /** Returns an unsubscribe function. */
  on<N extends EventName>(name: N, listener: (payload: Events[N]) => void): () => void;
}

/** Names of every call, for runtime validation of what arrives over a transport. */
export const CALL_NAMES = [
  'app:state',
  'server:probe',
  'server:acceptInsecure',
  'account:signIn',
  'account:signOut',
  'account:signInWithKey',
  'account:importZuliprc',
  'account:ssoStart',
  'account:ssoComplete',
  'account:switch',
  'outbox:edit',
  'outbox:discard',
  'notify:setDoNotDisturb',
  'sidebar:get',
  'messages:page',
  'compose:send',
  'view:open',
  'messages:raw',
  'messages:history',
  'drafts:forNarrow',
  ...RECORD_CALL_NAMES,
  ...MESSAGE_CALL_NAMES,
  ...SCHEDULED_CALL_NAMES,
  ...UPLOAD_CALL_NAMES,
  ...ADMIN_CALL_NAMES,
  ...CONVERSATION_CALL_NAMES,
] as const satisfies readonly CallName[];

export const SEND_NAMES = [
  'log:error',
  'app:wake',
  'window:picture',
  'window:attention',
] as const satisfies readonly SendName[];

export const EVENT_NAMES = [
  'account:status',
  'accounts:changed',
  'sidebar:changed',
  'sidebar:delta',
  'messages:added',
  'messages:updated',
  'messages:removed',
  'account:ssoResult',
  'notify:show',
  'view:navigate',
  ...RECORD_EVENT_NAMES,
  ...MESSAGE_EVENT_NAMES,
  ...UPLOAD_EVENT_NAMES,
] as const satisfies readonly EventName[];
