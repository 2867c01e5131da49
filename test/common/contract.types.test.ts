/**
 * Pins the IPC contract's shape. The expectTypeOf lines are checked by `tsc -b` (they do nothing at
 * run time); the runtime lines check the name lists the transports validate against.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CALL_NAMES,
  EVENT_NAMES,
  SEND_NAMES,
  type Bridge,
  type CallArgs,
  type CallName,
  type CallResult,
  type EventName,
  type Events,
  type IpcResult,
  type SendName,
  type Sends,
} from '../../common/ipc/contract';
import type { ClientFrame, ServerFrame } from '../../common/ipc/wire';
import type {
  AppState,
  MessagePage,
  MessageView,
  Narrow,
  PresenceStatusChange,
  PresenceView,
  ServerInfo,
} from '../../common/model';

/** true when the tuple T has no repeated member. */
type Distinct<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? Head extends Rest[number]
    ? false
    : Distinct<Rest>
  : true;

describe('name lists', () => {
  it('list every name of the contract exactly once', () => {
    expectTypeOf<(typeof CALL_NAMES)[number]>().toEqualTypeOf<CallName>();
    expectTypeOf<(typeof SEND_NAMES)[number]>().toEqualTypeOf<SendName>();
    expectTypeOf<(typeof EVENT_NAMES)[number]>().toEqualTypeOf<EventName>();
    expectTypeOf<Distinct<typeof CALL_NAMES>>().toEqualTypeOf<true>();
    expectTypeOf<Distinct<typeof SEND_NAMES>>().toEqualTypeOf<true>();
    expectTypeOf<Distinct<typeof EVENT_NAMES>>().toEqualTypeOf<true>();

    for (const names of [CALL_NAMES, SEND_NAMES, EVENT_NAMES] as const) {
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[a-z][a-zA-Z]*:[a-zA-Z]+$/);
    }
    expect(CALL_NAMES).toContain('account:signIn');
    expect(EVENT_NAMES).toContain('messages:added');
    expect(EVENT_NAMES).toContain('presence:changed');
  });

  it('spots a duplicate (the checker itself works)', () => {
    expectTypeOf<Distinct<readonly ['a', 'b', 'a']>>().toEqualTypeOf<false>();
    expectTypeOf<Distinct<readonly ['a', 'b']>>().toEqualTypeOf<true>();
  });
});

describe('Bridge', () => {
  it('types call by name: arguments in, an IpcResult of the result out', () => {
    expectTypeOf<Bridge['call']>().toBeFunction();
    const call = null as unknown as Bridge['call'];
    expectTypeOf(call<'app:state'>).parameters.toEqualTypeOf<['app:state', Record<string, never>]>();
    expectTypeOf(call<'app:state'>).returns.toEqualTypeOf<Promise<IpcResult<AppState>>>();
    expectTypeOf(call<'server:probe'>).returns.toEqualTypeOf<Promise<IpcResult<ServerInfo>>>();
    expectTypeOf<CallArgs<'account:signIn'>>().toEqualTypeOf<{ url: string; email: string; password: string }>();
    expectTypeOf<CallResult<'messages:page'>>().toEqualTypeOf<MessagePage>();
    expectTypeOf<CallArgs<'view:open'>>().toEqualTypeOf<{ accountId: string; narrow: Narrow }>();
  });

  it('types on by event name and returns an unsubscribe function', () => {
    const on = null as unknown as Bridge['on'];
    expectTypeOf(on<'messages:added'>).parameters.toEqualTypeOf<
      ['messages:added', (payload: Events['messages:added']) => void]
    >();
    expectTypeOf(on<'messages:added'>).returns.toEqualTypeOf<() => void>();
    expectTypeOf<Events['messages:added']>().toEqualTypeOf<{
      accountId: string;
      messages: MessageView[];
      newerLeftOut?: true;
    }>();
    const send = null as unknown as Bridge['send'];
    expectTypeOf(send<'log:error'>).parameters.toEqualTypeOf<['log:error', Sends['log:error']]>();
    expectTypeOf(send<'log:error'>).returns.toEqualTypeOf<void>();
    // Presence: the whole list when asked, then only the statuses that moved.
    expectTypeOf<CallResult<'presence:list'>>().toEqualTypeOf<PresenceView[]>();
    expectTypeOf<Events['presence:changed']>().toEqualTypeOf<{ accountId: string; changes: PresenceStatusChange[] }>();
    expectTypeOf<PresenceStatusChange>().toEqualTypeOf<{ userId: number; status: 'active' | 'idle' | 'offline' }>();
    // The bridge has exactly three verbs.
    expectTypeOf<keyof Bridge>().toEqualTypeOf<'call' | 'send' | 'on'>();
  });

  it('keeps IpcResult a tagged union', () => {
    const result = { ok: false, error: { code: 'UNREACHABLE', message: 'x' } } as IpcResult<number>;
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<number>();
    else expectTypeOf(result.error.message).toEqualTypeOf<string>();
    expect(result.ok).toBe(false);
  });
});

describe('wire frames', () => {
  it('carry the contract names', () => {
    expectTypeOf<Extract<ClientFrame, { t: 'call' }>['name']>().toEqualTypeOf<CallName>();
    expectTypeOf<Extract<ClientFrame, { t: 'send' }>['name']>().toEqualTypeOf<SendName>();
    expectTypeOf<Extract<ServerFrame, { t: 'event' }>['name']>().toEqualTypeOf<EventName>();
    expectTypeOf<ServerFrame['t']>().toEqualTypeOf<'result' | 'event' | 'batch'>();
    const frame: ClientFrame = { t: 'call', id: 1, name: 'app:state', args: {} };
    expect(JSON.parse(JSON.stringify(frame))).toEqual(frame);
  });
});
