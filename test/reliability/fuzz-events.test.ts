/**
 * Fuzzed server data through the real parse-and-apply path. The seeds are the 80-odd event
 * examples in Zulip's own OpenAPI description; fast-check mutates them (fields dropped, values of
 * any JSON type put in their place, ids repeated or missing) and mixes them into GET /events
 * answers. Every answer must parse (a bad event is skipped, never the batch), applying it to a real
 * SQLite cache must not throw, and the cache must stay intact. PARLEY_FUZZ_RUNS raises the count.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetEventsResponse } from '../../main/api/schemas/event-parse';
import { createLogger } from '../../main/log';
import { AccountStore } from '../../main/store/account-store';
import { applyEvents } from '../../main/sync/apply-batch';
import { loadOpenApi } from '../conformance/openapi/spec';

const RUNS = Number(process.env['PARLEY_FUZZ_RUNS'] ?? 400);
type Obj = Record<string, unknown>;
let seeds: Obj[] = [];

beforeAll(() => {
  const spec = loadOpenApi() as unknown as Obj;
  const schemas = (spec['components'] as Obj)['schemas'] as Obj;
  const response = schemas['get_events_200_response'] as { allOf: Obj[] };
  const example = response.allOf.find((part) => part['example'])!['example'] as { events: Obj[] };
  const resolve = (x: Obj): Obj => {
    let y = x;
    while (typeof y['$ref'] === 'string') {
      y = (y['$ref'] as string)
        .split('/')
        .slice(1)
        .reduce<Obj>((at, key) => at[key] as Obj, spec);
    }
    return y;
  };
  const items = resolve(
    ((
      (resolve(response.allOf.find((p) => p['properties']) ?? {})['properties'] as Obj | undefined)?.['events'] as
        Obj | undefined
    )?.['items'] as Obj) ?? {},
  );
  const fromOneOf = ((items['oneOf'] as Obj[] | undefined) ?? [])
    .map(resolve)
    .map((o) => o['example'])
    .filter(Boolean) as Obj[];
  seeds = [...example.events, ...fromOneOf];
});

/** One seed event, mutated: a field dropped or replaced by any JSON value, a nested one too. */
const mutatedEvent = () =>
  fc
    .record({
      seed: fc.nat(),
      mutations: fc.array(
        fc.record({ pick: fc.nat(), nestedPick: fc.nat(), drop: fc.boolean(), value: fc.jsonValue({ maxDepth: 2 }) }),
        { maxLength: 3 },
      ),
      id: fc.oneof(fc.integer({ min: -1, max: 1000 }), fc.constant(undefined), fc.string({ maxLength: 3 })),
    })
    .map(({ seed, mutations, id }) => {
      const ev = structuredClone(seeds[seed % seeds.length]!) as Obj;
      for (const m of mutations) {
        const keys = Object.keys(ev);
        const key = keys[m.pick % keys.length]!;
        const inner = ev[key];
        if (inner && typeof inner === 'object' && !Array.isArray(inner) && m.nestedPick % 2 === 0) {
          const innerKeys = Object.keys(inner as Obj);
          if (innerKeys.length > 0) {
            const k = innerKeys[m.nestedPick % innerKeys.length]!;
            if (m.drop) delete (inner as Obj)[k];
            else (inner as Obj)[k] = m.value;
            continue;
          }
        }
        if (m.drop) delete ev[key];
        else ev[key] = m.value;
      }
      if (id === undefined) delete ev['id'];
      else ev['id'] = id;
      return ev;
    });

const log = createLogger({ name: 'fuzz', sink: () => {} });

describe('fuzzed GET /events answers', () => {
  let store: AccountStore;
  beforeAll(() => {
    store = AccountStore.open(':memory:');
  });
  afterAll(() => store?.close());

  it('has seeds: the OpenAPI examples of every event family', () => {
    expect(seeds.length).toBeGreaterThan(50);
  });

  it('always parse: a bad event is marked or dropped, never the whole answer', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(mutatedEvent(), fc.jsonValue({ maxDepth: 2 })), { maxLength: 12 }), (events) => {
        const parsed = GetEventsResponse.safeParse({ result: 'success', msg: '', queue_id: 'q', events });
        expect(parsed.success).toBe(true);
        // Everything with an integer id survives (parsed or marked); nothing else does.
        const withIds = events.filter((e) => Number.isInteger((e as Obj | null)?.['id']));
        expect(parsed.data!.events).toHaveLength(withIds.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('apply to a real SQLite cache without throwing, and leave it intact', () => {
    const knownTypes = new Set<string>();
    fc.assert(
      fc.property(fc.array(mutatedEvent(), { minLength: 1, maxLength: 12 }), (events) => {
        const parsed = GetEventsResponse.parse({ result: 'success', msg: '', queue_id: 'q', events });
        for (const ev of parsed.events) if (ev.type !== 'unknown') knownTypes.add(ev.type);
        store.transaction(() => applyEvents({ store, selfUserId: 13215, log }, parsed.events));
      }),
      { numRuns: RUNS },
    );
    // The appliers really ran: many families got through parsing intact or nearly so.
    expect(knownTypes.size).toBeGreaterThan(10);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
  });
});
