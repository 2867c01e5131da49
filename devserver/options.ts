import { parseArgs } from 'node:util';
import { parseBouncerSetting, type BouncerSetting } from './bouncer/setup';
import { NEWEST_FEATURE_LEVEL, OLDEST_FEATURE_LEVEL } from './version';

export type SeedName = 'demo' | 'empty' | 'large' | 'huge' | 'crowd';
const SEED_NAMES: readonly SeedName[] = ['demo', 'empty', 'large', 'huge', 'crowd'];
const isSeedName = (name: string): name is SeedName => (SEED_NAMES as readonly string[]).includes(name);

export interface ServerOptions {
  /** 0 picks a free port. The server only ever listens on 127.0.0.1. */
  port: number;
  seed: SeedName;
  /** SQLite file; in-memory when undefined. An existing file is reused without reseeding. */
  dataFile: string | undefined;
  /** Reported to clients as event_queue_longpoll_timeout_seconds (their HTTP timeout). */
  longpollTimeoutSeconds: number;
  /** A blocking GET /events that saw no event for this long gets a heartbeat event. */
  heartbeatSeconds: number;
  /** Event queues nobody polled for this long are garbage-collected. */
  queueGcSeconds: number;
  /** Where request logs go (stderr in the CLI); undefined for silence. */
  log: ((line: string) => void) | undefined;
  /** Push bouncer: none (PUSH_SERVICE_NOT_CONFIGURED), in this process, or at a URL. */
  bouncer: BouncerSetting;
  /** The organization's UUID as the bouncer knows it; kept in the database when not given. */
  realmUuid: string | undefined;
  /** Serve /parley_test/* routes (e.g. the push notification hook). */
  testHooks: boolean;
  /** The demo seed's online people keep reporting presence (devserver/seed/demo_activity.ts). */
  demoActivity: boolean;
  /** Serve the fault-injection interface under /parley-control/ (devserver/faults/). */
  faults: boolean;
  /** Append every /api/v1 response to this JSONL file (devserver/record/), for the conformance suite. */
  recordFile: string | undefined;
  /** Channels and topics up to this size allow anyone's wildcard mentions (Zulip: 15). */
  wildcardMentionThreshold: number;
  /** Zulip's WEB_PUBLIC_STREAMS_ENABLED server setting. */
  webPublicStreams: boolean;
  /** The organization's enable_spectator_access until PATCH /realm says otherwise. */
  spectatorAccess: boolean;
  /** Channels with fewer subscribers always get a full list from include_subscribers=partial (Zulip: 250). */
  fullSubscriberListThreshold: number;
  /** partial_subscribers lists who sent a message within this many days, and bots (Zulip: 14); 0: bots only. */
  partialSubscriberDays: number;
  /** server_presence_ping_interval_seconds: how often clients report presence (Zulip: 60). */
  presencePingIntervalSeconds: number;
  /** server_presence_offline_threshold_seconds: older presence shows as offline (protocol-notes: 140). */
  presenceOfflineThresholdSeconds: number;
  /** Behave as a Zulip server of this API feature level (devserver/levels/); the newest by default. */
  featureLevel: number;
}

export const DEFAULT_OPTIONS: ServerOptions = {
  port: 0,
  seed: 'demo',
  dataFile: undefined,
  longpollTimeoutSeconds: 90,
  heartbeatSeconds: 60,
  queueGcSeconds: 600,
  log: undefined,
  bouncer: { kind: 'none' },
  realmUuid: undefined,
  testHooks: false,
  demoActivity: false,
  faults: false,
  recordFile: undefined,
  wildcardMentionThreshold: 15,
  webPublicStreams: false,
  spectatorAccess: false,
  fullSubscriberListThreshold: 250,
  partialSubscriberDays: 14,
  presencePingIntervalSeconds: 60,
  presenceOfflineThresholdSeconds: 140,
  featureLevel: NEWEST_FEATURE_LEVEL,
};

/** Parses CLI flags (see README.md). Throws an Error with a readable message on bad input. */
export function parseFlags(argv: string[]): ServerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      data: { type: 'string' },
      'longpoll-timeout-seconds': { type: 'string' },
      'heartbeat-seconds': { type: 'string' },
      'queue-gc-seconds': { type: 'string' },
      bouncer: { type: 'string' },
      'bouncer-url': { type: 'string' },
      'bouncer-org': { type: 'string' },
      'realm-uuid': { type: 'string' },
      'test-hooks': { type: 'boolean' },
      'demo-activity': { type: 'boolean' },
      faults: { type: 'boolean' },
      record: { type: 'string' },
      'wildcard-mention-threshold': { type: 'string' },
      'web-public-streams': { type: 'boolean' },
      'spectator-access': { type: 'boolean' },
      'full-subscriber-lists-below': { type: 'string' },
      'partial-subscriber-days': { type: 'string' },
      'presence-ping-seconds': { type: 'string' },
      'presence-offline-seconds': { type: 'string' },
      'feature-level': { type: 'string' },
    },
  });
  const seed = values.seed ?? DEFAULT_OPTIONS.seed;
  if (!isSeedName(seed)) {
    throw new Error(`--seed must be one of ${SEED_NAMES.join(', ')}, not ${JSON.stringify(seed)}`);
  }
  const port = values.port === undefined ? DEFAULT_OPTIONS.port : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer 0-65535`);
  return {
    ...DEFAULT_OPTIONS,
    port,
    seed,
    dataFile: values.data,
    longpollTimeoutSeconds: seconds(
      'longpoll-timeout-seconds',
      values['longpoll-timeout-seconds'],
      DEFAULT_OPTIONS.longpollTimeoutSeconds,
    ),
    heartbeatSeconds: seconds('heartbeat-seconds', values['heartbeat-seconds'], DEFAULT_OPTIONS.heartbeatSeconds),
    queueGcSeconds: seconds('queue-gc-seconds', values['queue-gc-seconds'], DEFAULT_OPTIONS.queueGcSeconds),
    bouncer: parseBouncerSetting(values),
    realmUuid: values['realm-uuid'],
    testHooks: values['test-hooks'] ?? false,
    demoActivity: values['demo-activity'] ?? false,
    faults: values.faults ?? false,
    recordFile: values.record,
    wildcardMentionThreshold: count(
      'wildcard-mention-threshold',
      values['wildcard-mention-threshold'],
      DEFAULT_OPTIONS.wildcardMentionThreshold,
    ),
    webPublicStreams: values['web-public-streams'] ?? false,
    spectatorAccess: values['spectator-access'] ?? false,
    fullSubscriberListThreshold: count(
      'full-subscriber-lists-below',
      values['full-subscriber-lists-below'],
      DEFAULT_OPTIONS.fullSubscriberListThreshold,
    ),
    partialSubscriberDays: count(
      'partial-subscriber-days',
      values['partial-subscriber-days'],
      DEFAULT_OPTIONS.partialSubscriberDays,
    ),
    ...presenceTiming(values['presence-ping-seconds'], values['presence-offline-seconds']),
    featureLevel: featureLevel(values['feature-level']),
  };
}

/** Whole seconds (the API reports them as integers); the threshold must leave room for a ping. */
function presenceTiming(
  rawPing: string | undefined,
  rawOffline: string | undefined,
): Pick<ServerOptions, 'presencePingIntervalSeconds' | 'presenceOfflineThresholdSeconds'> {
  const whole = (flag: string, raw: string | undefined, fallback: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${flag} must be a positive whole number of seconds`);
    return value;
  };
  const ping = whole('presence-ping-seconds', rawPing, DEFAULT_OPTIONS.presencePingIntervalSeconds);
  const offline = whole('presence-offline-seconds', rawOffline, DEFAULT_OPTIONS.presenceOfflineThresholdSeconds);
  if (offline <= ping) throw new Error('--presence-offline-seconds must be longer than --presence-ping-seconds');
  return { presencePingIntervalSeconds: ping, presenceOfflineThresholdSeconds: offline };
}

/** Durations may be fractional so that tests can use sub-second timeouts. */
function seconds(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${flag} must be a positive number of seconds`);
  return value;
}

/** A whole number of people (0 or more). */
function count(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} must be a whole number`);
  return value;
}

/** An API feature level this server can imitate. */
function featureLevel(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_OPTIONS.featureLevel;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < OLDEST_FEATURE_LEVEL || value > NEWEST_FEATURE_LEVEL) {
    throw new Error(`--feature-level must be a whole number from ${OLDEST_FEATURE_LEVEL} to ${NEWEST_FEATURE_LEVEL}`);
  }
  return value;
}
