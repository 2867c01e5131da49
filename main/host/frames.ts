/**
 * Reads ClientFrames (common/ipc/wire.ts) off the WebSocket. Text from the page is untrusted
 * input like any other: it is size-limited by the socket and shape-checked here before it
 * reaches the core, which then checks the call's arguments itself.
 */
import * as z from 'zod';
import { SEND_NAMES, type SendName } from '../../common/ipc/contract';

const callFrame = z.object({
  t: z.literal('call'),
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(200),
  args: z.unknown(),
});

const sendFrame = z.object({
  t: z.literal('send'),
  name: z.enum(SEND_NAMES),
  payload: z.unknown(),
});

export type ParsedFrame =
  | { kind: 'call'; id: number; name: string; args: unknown }
  | { kind: 'send'; name: SendName; payload: unknown }
  /** `id` is set when the bad frame still carried a usable call id, so the page can be answered. */
  | { kind: 'invalid'; id: number | null; message: string };

function recoverId(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null;
  const id = value.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
}

export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', id: null, message: 'The frame is not valid JSON.' };
  }
  const call = callFrame.safeParse(value);
  if (call.success) {
    const { id, name, args } = call.data;
    return { kind: 'call', id, name, args };
  }
  const send = sendFrame.safeParse(value);
  if (send.success) return { kind: 'send', name: send.data.name, payload: send.data.payload };
  const t = typeof value === 'object' && value !== null && 't' in value ? value.t : undefined;
  const message =
    t === 'call'
      ? 'A call frame needs a non-negative integer id and a name.'
      : t === 'send'
        ? `A send frame needs a known name (${SEND_NAMES.join(', ')}).`
        : 'Unknown frame type: expected "call" or "send".';
  return { kind: 'invalid', id: recoverId(value), message };
}
