/**
 * Validates every dev-server response recorded by the other test projects (success and error)
 * against ../shared/reference/zulip-openapi.yaml, route by route, plus each GET /events event
 * against its type's schema. Runs after them (vitest project `conformance`); see README.md here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DIFFERENCES, notInOpenApi } from './allowlist';
import { checkRecording, type Outcome } from './check';
import { loadOpenApi, OPENAPI_FILE, openApiAvailable } from './openapi/spec';
import { OpenApiValidator } from './openapi/validator';
import { readRecordings, RECORDINGS_DIR, type Recording } from './recordings';

const available = openApiAvailable();
const inCi = process.env['CI'] === 'true';

if (!available) {
  // Outside CI (a clone without ../shared) there is nothing to validate against: say so in one
  // passing test. In CI the same test fails, because there the suite must run.
  describe('the OpenAPI file', () => {
    it(`is present when CI=true (${OPENAPI_FILE})`, () => {
      if (!inCi) console.warn(`conformance: not run, ${OPENAPI_FILE} is absent (a clone outside CI)`);
      expect(inCi, `${OPENAPI_FILE} is missing; CI must validate against it`).toBe(false);
    });
  });
} else {
  validateRecordings(new OpenApiValidator(patchedDoc()));
}

function validateRecordings(validator: OpenApiValidator): void {
  describe('OpenAPI conformance of recorded dev-server responses', () => {
    const { recordings, files, broken } = readRecordings();
    const report = new Map<string, { validated: number; statuses: Map<number, number> }>();

    it('has recordings to validate (run the node and e2e projects first)', () => {
      expect(recordings.length, `no recordings in ${RECORDINGS_DIR}`).toBeGreaterThan(0);
      expect(broken, 'recording lines that are not JSON').toEqual([]);
    });

    for (const [group, members] of groupBy(recordings, routeKey)) {
      const statuses = countBy(members, (r) => r.status);
      it(`${group}: ${members.length} responses (${describeCounts(statuses)})`, () => {
        const failures = members.flatMap((recording) => explain(recording, checkRecording(validator, recording)));
        report.set(group, { validated: members.length, statuses });
        expect(failures).toEqual([]);
      });
    }

    const events = recordings
      .filter((r) => r.method === 'GET' && r.route === '/events' && r.status === 200)
      .flatMap((r) =>
        ((r.body as { events?: Array<Record<string, unknown>> }).events ?? []).map((event) => ({
          event,
          source: r.source,
        })),
      );
    for (const [group, members] of groupBy(
      events,
      ({ event }) => `event ${String(event['type'])}${event['op'] ? ` op=${String(event['op'])}` : ''}`,
    )) {
      it(`${group}: ${members.length} events`, () => {
        const failures = members.flatMap(({ event, source }) => {
          const verdict = validator.checkEvent(event);
          if (!verdict) return [`${source}: the OpenAPI file has no schema for this event`];
          return verdict.ok ? [] : [`${source}: ${verdict.errors.join('; ')}`];
        });
        report.set(group, { validated: members.length, statuses: new Map() });
        expect(failures).toEqual([]);
      });
    }

    afterAll(() => {
      const lines = [...report]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([group, { validated }]) => `${String(validated).padStart(7)}  ${group}`);
      console.log(
        `conformance: ${recordings.length} responses from ${files} dev servers, ${events.length} events; ` +
          `${DIFFERENCES.length} allowlisted differences (${DIFFERENCES.map((d) => d.id).join(', ')})\n${lines.join('\n')}`,
      );
    });
  });
}

/** The file with the allowlist's patches applied (each throws if its target has gone). */
function patchedDoc() {
  const doc = loadOpenApi();
  for (const difference of DIFFERENCES) difference.patch(doc);
  return doc;
}

function routeKey(recording: Recording): string {
  if (recording.route === null) return 'requests no route matched (404, 405)';
  const exempt = notInOpenApi(recording.method, recording.route);
  return exempt
    ? `${recording.method} ${recording.route} (not in the OpenAPI: checked as an envelope only)`
    : `${recording.method} ${recording.route}`;
}

function explain(recording: Recording, outcome: Outcome): string[] {
  if (outcome.ok) return [];
  return [`${recording.source} ${recording.method} ${recording.path} → ${recording.status}: ${outcome.problem}`];
}

function groupBy<T>(items: T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

function countBy<T>(items: T[], key: (item: T) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a - b));
}

function describeCounts(counts: Map<number, number>): string {
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
}
