/** The event queue: register once, long-poll for changes, delete on sign-out. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { GetEventsResponse } from '../schemas/event-parse';
import { DEFAULT_LONGPOLL_TIMEOUT_SECONDS, RegisterResponse } from '../schemas/register';

/** client_capabilities of POST /register; see api-v1.md 4.4 for what each one changes. */
export interface ClientCapabilities {
  notification_settings_null?: boolean;
  bulk_message_deletion?: boolean;
  user_avatar_url_field_optional?: boolean;
  stream_typing_notifications?: boolean;
  user_settings_object?: boolean;
  linkifier_url_template?: boolean;
  user_list_incomplete?: boolean;
  include_deactivated_groups?: boolean;
  archived_channels?: boolean;
  empty_topic_name?: boolean;
  simplified_presence_events?: boolean;
}

/** The capabilities Parley handles; servers ignore ones they do not know. */
export const PARLEY_CLIENT_CAPABILITIES: ClientCapabilities = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
};

export interface RegisterParams {
  apply_markdown?: boolean;
  client_gravatar?: boolean;
  include_subscribers?: boolean | 'partial';
  slim_presence?: boolean;
  presence_history_limit_days?: number;
  event_types?: string[];
  fetch_event_types?: string[];
  all_public_streams?: boolean;
  client_capabilities?: ClientCapabilities;
  /** Only the legacy [operator, operand] form is accepted here. */
  narrow?: [string, string][];
}

export interface GetEventsParams {
  queue_id: string;
  last_event_id: number;
  dont_block?: boolean;
}

/** Extra wait beyond the server's long-poll timeout, so its heartbeat wins over our timeout. */
const LONGPOLL_MARGIN_SECONDS = 20;

/** HTTP timeout for GET /events given the server's event_queue_longpoll_timeout_seconds. */
export function eventsTimeoutMs(longpollTimeoutSeconds: number = DEFAULT_LONGPOLL_TIMEOUT_SECONDS): number {
  return (longpollTimeoutSeconds + LONGPOLL_MARGIN_SECONDS) * 1000;
}

/** POST /register: creates an event queue and returns the initial data asked for. */
export function registerQueue(
  client: ApiClient,
  params: RegisterParams,
  opts: RequestOptions = {},
): Promise<RegisterResponse> {
  return client.request('POST', '/register', { ...params }, RegisterResponse, opts);
}

/**
 * GET /events: waits (unless dont_block) for events after last_event_id. Pass
 * eventsTimeoutMs(register.longpollTimeoutSeconds) as timeoutMs; the default assumes 90 s.
 * A garbage-collected queue fails with ApiError code BAD_EVENT_QUEUE_ID: register again.
 */
export function getEvents(
  client: ApiClient,
  params: GetEventsParams,
  opts: RequestOptions = {},
): Promise<GetEventsResponse> {
  return client.request('GET', '/events', { ...params }, GetEventsResponse, {
    ...opts,
    timeoutMs: opts.timeoutMs ?? eventsTimeoutMs(),
  });
}

/** DELETE /events: drops the queue so the server stops collecting events for it. */
export async function deleteQueue(client: ApiClient, queueId: string, opts: RequestOptions = {}): Promise<void> {
  await client.request(
    'DELETE',
    '/events',
    { queue_id: queueId },
    SuccessEnvelope.extend({ msg: z.string().optional() }),
    opts,
  );
}
