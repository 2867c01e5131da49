/**
 * What the screens-*.test.ts files share: a plain-HTTP client for any dev-server route (the
 * oracle each step checks the UI against, and the "other device" that changes things so the UI
 * must follow through events), and a few page helpers.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, startSignedInAsOwner, UI_TIMEOUT, type E2eApp } from './support';

type Json = Record<string, unknown>;
type Form = Record<string, string | number | boolean>;

/** One user talking to the dev server's /api/v1 directly, the way another client would. */
export class ApiUser {
  private constructor(
    private readonly baseUrl: string,
    /** Kept so a test can check the key never shows up where it must not. */
    readonly apiKey: string,
    private readonly auth: string,
  ) {}

  /** POST /fetch_api_key, then Basic auth on every request. */
  static async login(baseUrl: string, email: string, password: string): Promise<ApiUser> {
    const res = await fetch(`${baseUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    const body = (await res.json()) as Json;
    const key = body['api_key'];
    if (typeof key !== 'string') throw new Error(`No API key for ${email}: ${String(body['msg'])}`);
    return new ApiUser(baseUrl, key, `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`);
  }

  get(path: string, query: Form = {}): Promise<Json> {
    return this.request('GET', path, query);
  }

  post(path: string, form: Form = {}): Promise<Json> {
    return this.request('POST', path, form);
  }

  patch(path: string, form: Form = {}): Promise<Json> {
    return this.request('PATCH', path, form);
  }

  /** POST /register with only these event types fetched: the state another client starts from. */
  async initialState(...types: string[]): Promise<Json> {
    const list = JSON.stringify(types);
    return this.post('/register', { event_types: list, fetch_event_types: list });
  }

  /** Every subscription of this user, as GET /users/me/subscriptions reports it. */
  async subscriptions(): Promise<Subscription[]> {
    return (await this.get('/users/me/subscriptions'))['subscriptions'] as Subscription[];
  }

  async subscription(channelId: number): Promise<Subscription | undefined> {
    return (await this.subscriptions()).find((s) => s.stream_id === channelId);
  }

  private async request(method: string, path: string, params: Form): Promise<Json> {
    const strings = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const url = method === 'GET' ? `${this.baseUrl}/api/v1${path}?${strings}` : `${this.baseUrl}/api/v1${path}`;
    const init: RequestInit = { method, headers: { Authorization: this.auth } };
    if (method !== 'GET') init.body = strings;
    const body = (await (await fetch(url, init)).json()) as Json;
    if (body['result'] !== 'success') throw new Error(`${method} ${path} failed: ${String(body['msg'])}`);
    return body;
  }
}

export interface Subscription {
  stream_id: number;
  name: string;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  is_archived?: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

/** Page helpers bound to one page; `prefix` names the screenshots. */
export function screenHelpers(page: Page, prefix: string) {
  return {
    visible: (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT }),
    gone: (locator: Locator): Promise<void> => locator.waitFor({ state: 'detached', timeout: UI_TIMEOUT }),
    shoot: (name: string): Promise<Buffer> => page.screenshot({ path: join(ARTIFACTS, `${prefix}-${name}.png`) }),
    /** A link of the sidebar's "Views" list (drafts, browse channels, organization settings, ...). */
    goTo: (screen: string): Promise<void> =>
      page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: screen, exact: true }).click(),
    /** The sidebar's channel list. */
    channels: (): Locator => page.getByRole('navigation', { name: 'Channels' }),
    /** Opens a sidebar menu (a channel's or a topic's options) and picks one item. */
    async menu(label: string, item: string): Promise<void> {
      await page.getByRole('button', { name: label, exact: true }).click();
      await page.getByRole('menu', { name: label }).getByRole('menuitem', { name: item, exact: true }).click();
    },
  };
}

/** A name no earlier run used, for things a test creates. */
export const unique = (stem: string): string =>
  `${stem} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** What an admin-screen file starts from: the app signed in as the owner, who also talks HTTP. */
export interface OwnerScreens {
  e2e: E2eApp;
  server: RunningDevServer;
  page: Page;
  ownerHttp: ApiUser;
  ui: ReturnType<typeof screenHelpers>;
}

/** `label` names the app's temp folder and keychain service, and prefixes the screenshots. */
export async function startOwnerScreens(label: string): Promise<OwnerScreens> {
  const e2e = await startSignedInAsOwner(label);
  const owner = e2e.server.byRole(100);
  const ownerHttp = await ApiUser.login(e2e.server.baseUrl, owner.email, owner.password);
  return { e2e, server: e2e.server, page: e2e.page, ownerHttp, ui: screenHelpers(e2e.page, label) };
}
