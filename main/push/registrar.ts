/**
 * Keeps one account's push registration alive: registers, follows the server's status reports
 * (push_devices at register time, push_device events after), re-registers with a fresh payload
 * when the bouncer says REQUEST_EXPIRED, and turns INVALID_BOUNCER_PUBLIC_KEY into "update the app".
 * Work is serialised, so a status event is always applied after the registration it answers.
 */
import type { Logger } from '../log';
import { findPushDevice, readPushDeviceEvent, type PushDeviceReport } from './devices';
import { PushError, UPDATE_APP_MESSAGE, type PushErrorCode } from './errors';
import { expiredError, sendPushRegistration, type PushRegistrationContext } from './registration';

export type PushState =
  | { kind: 'idle' }
  /** The server has no push service: nothing to show, nothing to retry. */
  | { kind: 'disabled' }
  | { kind: 'unsupported'; message: string }
  | { kind: 'pending' }
  | { kind: 'active' }
  /** Registered through the pre-406 APNs endpoint, which reports no status. */
  | { kind: 'legacy' }
  /** `code` is ours; `serverCode` the bouncer's error code when it gave one. */
  | { kind: 'failed'; code: PushErrorCode; message: string; serverCode: string | null };

export interface PushRegistrarOptions extends PushRegistrationContext {
  /** How many REQUEST_EXPIRED verdicts in a row are answered with a fresh payload. Default 3. */
  maxExpiredRetries?: number;
  log?: Logger;
  onChange?: (state: PushState) => void;
}

export class PushRegistrar {
  #state: PushState = { kind: 'idle' };
  #chain: Promise<unknown> = Promise.resolve();
  #expiredInARow = 0;
  readonly #opts: PushRegistrarOptions;

  constructor(opts: PushRegistrarOptions) {
    this.#opts = opts;
  }

  get state(): PushState {
    return this.#state;
  }

  get pushAccountId(): number {
    return this.#opts.identity.pushAccountId;
  }

  /** Sends a registration (e.g. at start-up, or after the token changed). Resolves to the new state. */
  register(): Promise<PushState> {
    return this.#serial(() => this.#register());
  }

  /** Applies the push_devices map of a POST /register response (after a reconnect, events may be missed). */
  applyPushDevices(pushDevices: unknown): Promise<PushState> {
    return this.#serial(async () => {
      const report = findPushDevice(pushDevices, this.pushAccountId);
      if (report) await this.#apply(report);
      return this.#state;
    });
  }

  /** Handles an event from the queue; anything but a push_device event about our ID leaves the state alone. */
  handleEvent(event: unknown): Promise<PushState> {
    return this.#serial(async () => {
      const report = readPushDeviceEvent(event);
      if (report && report.pushAccountId === this.pushAccountId) await this.#apply(report);
      return this.#state;
    });
  }

  #serial(work: () => Promise<PushState>): Promise<PushState> {
    const next = this.#chain.then(work);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #register(): Promise<PushState> {
    try {
      const result = await sendPushRegistration(this.#opts);
      if (result.kind === 'unsupported') this.#set({ kind: 'unsupported', message: result.reason });
      else this.#set({ kind: result.kind });
    } catch (e) {
      if (!(e instanceof PushError)) throw e;
      this.#set({ kind: 'failed', code: e.code, message: e.message, serverCode: null });
    }
    return this.#state;
  }

  async #apply(report: PushDeviceReport): Promise<void> {
    if (report.status !== 'failed') {
      if (report.status === 'active') this.#expiredInARow = 0;
      this.#set({ kind: report.status });
      return;
    }
    const serverCode = report.errorCode;
    if (serverCode === 'REQUEST_EXPIRED') {
      this.#expiredInARow++;
      if (this.#expiredInARow <= (this.#opts.maxExpiredRetries ?? 3)) {
        this.#opts.log?.info('push registration expired at the bouncer; sending a fresh one', {
          pushAccountId: this.pushAccountId,
        });
        await this.#register();
        return;
      }
      const error = expiredError();
      this.#set({ kind: 'failed', code: error.code, message: error.message, serverCode });
      return;
    }
    if (serverCode === 'INVALID_BOUNCER_PUBLIC_KEY') {
      this.#set({ kind: 'failed', code: 'update-app', message: UPDATE_APP_MESSAGE, serverCode });
      return;
    }
    const message = `The notification service refused this device${serverCode ? ` (${serverCode})` : ''}. Notifications will not arrive on this computer.`;
    this.#set({ kind: 'failed', code: 'registration-failed', message, serverCode });
  }

  #set(state: PushState): void {
    this.#state = state;
    if (state.kind === 'failed')
      this.#opts.log?.warn('push registration failed', {
        pushAccountId: this.pushAccountId,
        code: state.code,
        serverCode: state.serverCode,
      });
    this.#opts.onChange?.(state);
  }
}
