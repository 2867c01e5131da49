/**
 * The one entry point for calls from either transport: checks the name, validates the
 * arguments, runs the handler, and turns every outcome into an IpcResult. Never throws.
 */
import { CALL_NAMES, type CallName, type IpcResult } from '../../common/ipc/contract';
import type { Logger } from '../log';
import { toIpcError } from '../failure-words';
import type { Handlers } from './handlers';
import { callSchemas, describeIssue } from './schemas';

function isCallName(name: string): name is CallName {
  return (CALL_NAMES as readonly string[]).includes(name);
}

export async function dispatch(
  handlers: Handlers,
  name: string,
  args: unknown,
  log: Logger,
): Promise<IpcResult<unknown>> {
  if (typeof name !== 'string' || !isCallName(name)) {
    return {
      ok: false,
      error: { code: 'UNKNOWN_CALL', message: `There is no call named "${String(name).slice(0, 80)}".` },
    };
  }
  const parsed = callSchemas[name].safeParse(args ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: `Bad arguments for ${name}: ${describeIssue(parsed.error)}` },
    };
  }
  try {
    const handler = handlers[name] as (a: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (e) {
    const error = toIpcError(e, log);
    log.info('call failed', { call: name, code: error.code });
    return { ok: false, error };
  }
}
