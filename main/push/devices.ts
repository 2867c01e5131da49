/**
 * What the server says about its push registrations: the push_devices map of POST /register and
 * the push_device event (FL 406). Parsed loosely: a status we do not know counts as pending, so a
 * newer server never breaks us. Note the key/ID is a string here although we register an integer.
 */
import * as z from 'zod';

export type PushDeviceStatus = 'active' | 'pending' | 'failed';

export interface PushDeviceReport {
  pushAccountId: number;
  status: PushDeviceStatus;
  /** An API error code when failed, e.g. INVALID_BOUNCER_PUBLIC_KEY or REQUEST_EXPIRED. */
  errorCode: string | null;
}

const Status = z.string().transform((s): PushDeviceStatus => (s === 'active' || s === 'failed' ? s : 'pending'));
const AccountId = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const PushDeviceEntry = z.looseObject({ status: Status, error_code: z.string().nullable().optional() });

/** push_devices in the POST /register response: { "<push_account_id>": { status, error_code } }. */
export const PushDevices = z.record(z.string(), PushDeviceEntry);

/** The push_device event. */
export const PushDeviceEvent = z.looseObject({
  type: z.literal('push_device'),
  push_account_id: AccountId,
  status: Status,
  error_code: z.string().nullable().optional(),
});

/** The entry for one push_account_id in a push_devices map, or null if absent or unreadable. */
export function findPushDevice(pushDevices: unknown, pushAccountId: number): PushDeviceReport | null {
  const parsed = PushDevices.safeParse(pushDevices);
  if (!parsed.success) return null;
  const entry = parsed.data[String(pushAccountId)];
  return entry ? { pushAccountId, status: entry.status, errorCode: entry.error_code ?? null } : null;
}

/**
 * A push_device event as a report, or null when `event` is not a well-formed one. Accepts the raw
 * event or main/api's parsed form, where a type it has no schema for arrives as
 * {type: 'unknown', originalType, raw}.
 */
export function readPushDeviceEvent(event: unknown): PushDeviceReport | null {
  const wrapped = event as { type?: unknown; originalType?: unknown; raw?: unknown } | null;
  const raw = wrapped?.type === 'unknown' && wrapped.originalType === 'push_device' ? wrapped.raw : event;
  const parsed = PushDeviceEvent.safeParse(raw);
  if (!parsed.success) return null;
  const { push_account_id, status, error_code } = parsed.data;
  return { pushAccountId: push_account_id, status, errorCode: error_code ?? null };
}
