import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { QueueSpec } from './queue';

/**
 * Reads the queue-shaping parameters shared by POST /register and a queue-less GET /events:
 * event_types, apply_markdown (default false here, unlike GET /messages), client_gravatar,
 * all_public_streams, client_capabilities and the legacy-form narrow.
 */
export function parseQueueSpec(params: Params, userId: number): QueueSpec {
  const eventTypes = params.stringList('event_types');
  const capabilities = params.object('client_capabilities') ?? {};
  for (const [name, value] of Object.entries(capabilities)) {
    if (typeof value !== 'boolean') throw badRequest(`client_capabilities["${name}"] is not a boolean`);
  }
  return {
    userId,
    eventTypes: eventTypes === undefined ? null : new Set(eventTypes),
    applyMarkdown: params.bool('apply_markdown', false),
    clientGravatar: params.bool('client_gravatar', true),
    allPublicStreams: params.bool('all_public_streams', false),
    capabilities: capabilities as Record<string, boolean>,
    narrow: parseLegacyNarrow(params.json('narrow')),
  };
}

function parseLegacyNarrow(value: unknown): Array<[string, string]> {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest('narrow is not a list');
  return value.map((term, index) => {
    if (!Array.isArray(term) || term.length !== 2 || typeof term[0] !== 'string' || typeof term[1] !== 'string') {
      throw badRequest(`narrow[${index}] is not a [operator, operand] pair of strings`);
    }
    return [term[0], term[1]];
  });
}
