import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowSeconds, type App } from './app';
import { ApnsTokens } from './bouncer/apns_tokens';
import type { PushService } from './bouncer/push_service';
import { realmUuidOf, startPush, type PushSetup } from './bouncer/setup';
import { QueueRegistry } from './events/registry';
import { withFaults } from './faults/control';
import { createRequestHandler } from './http/dispatch';
import { DEFAULT_OPTIONS, type ServerOptions } from './options';
import { ResponseRecorder, type ApiExchange } from './record/recorder';
import { API_ROUTES, ASSET_ROUTES } from './routes';
import { seed } from './seed';
import { keepDemoPeopleOnline } from './seed/demo_activity';
import { deliverDue } from './scheduled/deliver';
import { Store } from './store/store';

export interface StartLineUser {
  email: string;
  password: string;
  full_name: string;
  user_id: number;
  role: number;
}

/**
 * The dev server: storage, event queues and the HTTP listener on 127.0.0.1. Usable in-process
 * (`await DevServer.start({...})`) or through cli.ts, which prints `startLine()` for test helpers.
 */
export class DevServer implements App {
  readonly queues: QueueRegistry;
  readonly apnsTokens = new ApnsTokens();
  serverGeneration = nowSeconds();
  private url = '';
  private pushSetup: PushSetup | null = null;
  private stopDemoActivity: () => void = () => {};
  private recorder: ResponseRecorder | null = null;
  private deliveryTimer: ReturnType<typeof setInterval> | undefined;

  private constructor(
    readonly store: Store,
    readonly options: ServerOptions,
    private readonly http: Server,
  ) {
    this.queues = new QueueRegistry({ gcMs: options.queueGcSeconds * 1000 });
  }

  get push(): PushService {
    if (!this.pushSetup) throw new Error('push is set up before the server listens');
    return this.pushSetup.service;
  }

  get baseUrl(): string {
    return this.url;
  }

  static async start(overrides: Partial<ServerOptions> = {}): Promise<DevServer> {
    const options: ServerOptions = { ...DEFAULT_OPTIONS, ...overrides };
    const store = Store.open(options.dataFile);
    if (!store.isSeeded()) seed(store, options.seed);
    const http = createServer();
    // Long-polls hold connections for up to the heartbeat interval; no request timeout applies.
    http.requestTimeout = 0;
    const server = new DevServer(store, options, http);
    server.pushSetup = await startPush({
      setting: options.bouncer,
      realmUuid: options.realmUuid ?? realmUuidOf(store),
      testHooks: options.testHooks,
      publish: (userId, event) => server.queues.publish([userId], event.type, () => event),
      ...(options.log ? { log: options.log } : {}),
    });
    const recorder = options.recordFile ? new ResponseRecorder(options.recordFile, API_ROUTES) : null;
    server.recorder = recorder;
    const record = recorder ? (exchange: ApiExchange) => recorder.record(exchange) : undefined;
    const handler = createRequestHandler(server, API_ROUTES, ASSET_ROUTES, record);
    const handle = options.faults ? withFaults(server, handler, record) : handler;
    http.on('request', (req, res) => void handle(req, res));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port, '127.0.0.1', () => resolve());
    });
    server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    if (options.demoActivity && options.seed === 'demo') server.stopDemoActivity = keepDemoPeopleOnline(server);
    // Zulip's deliver_scheduled_messages worker looks every few seconds; once a second here.
    server.deliveryTimer = setInterval(() => deliverDue(server), 1000);
    server.deliveryTimer.unref();
    return server;
  }

  /** The users the start line reports: active people who can sign in with the seed password. */
  signInUsers(): StartLineUser[] {
    const password = this.store.realm.meta('password') ?? '';
    return this.store.users
      .all()
      .filter((user) => user.is_active === 1 && user.is_bot === 0 && user.password_hash !== null)
      .map((user) => ({
        email: user.delivery_email,
        password,
        full_name: user.full_name,
        user_id: user.id,
        role: user.role,
      }));
  }

  startLine(): string {
    return JSON.stringify({
      devserver: 'parley',
      base_url: this.baseUrl,
      realm_name: this.store.realm.get().name,
      users: this.signInUsers(),
      ...this.pushSetup?.startLineFields(),
    });
  }

  async stop(): Promise<void> {
    this.stopDemoActivity();
    clearInterval(this.deliveryTimer);
    await this.pushSetup?.stop();
    this.queues.stop();
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
    await this.recorder?.close();
    this.store.close();
  }
}
