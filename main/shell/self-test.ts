/**
 * `--self-test`: what the release workflow runs against every packaged app. The window stays
 * hidden; the app signs in to the dev server the job started (PARLEY_SELF_TEST_URL, _EMAIL,
 * _PASSWORD), waits for the account's first sync and for the window to render one message
 * list, then exits 0, or non-zero with the reason on one line. Plain Node: the Electron side
 * only supplies the window probe and the exit.
 */
import type { Narrow, Sidebar } from '../../common/model';
import type { Core } from '../ipc/types';

export interface SelfTestConfig {
  url: string;
  email: string;
  password: string;
  timeoutMs: number;
}

export const SELF_TEST_FLAG = '--self-test';

/** The self-test's settings when it was asked for; throws with what is missing otherwise. */
export function selfTestConfig(argv: readonly string[], env: NodeJS.ProcessEnv): SelfTestConfig | null {
  if (!argv.includes(SELF_TEST_FLAG)) return null;
  const url = env['PARLEY_SELF_TEST_URL'];
  const email = env['PARLEY_SELF_TEST_EMAIL'];
  const password = env['PARLEY_SELF_TEST_PASSWORD'];
  if (!url || !email || !password) {
    throw new Error('--self-test needs PARLEY_SELF_TEST_URL, PARLEY_SELF_TEST_EMAIL and PARLEY_SELF_TEST_PASSWORD.');
  }
  const seconds = Number(env['PARLEY_SELF_TEST_TIMEOUT'] ?? 60);
  return { url, email, password, timeoutMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000 };
}

export interface SelfTestDeps {
  core: Pick<Core, 'dispatch' | 'subscribe'>;
  /** How many message rows the window shows now (0 while it has none). */
  renderedRows: () => Promise<number>;
  /** Asks the window to open a conversation (view:navigate). */
  navigate: (accountId: string, narrow: Narrow) => void;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export type SelfTestResult = { ok: true; summary: string } | { ok: false; reason: string };

/** Signs in, waits for the first sync and a rendered message list; never throws. */
export async function runSelfTest(deps: SelfTestDeps, cfg: SelfTestConfig): Promise<SelfTestResult> {
  const deadline = deps.now() + cfg.timeoutMs;
  let live: string | null = null;
  let lastStatus = 'none';
  const stop = deps.core.subscribe((name, payload) => {
    if (name !== 'account:status') return;
    const p = payload as { accountId: string; status: { state: string; message?: string } };
    lastStatus = p.status.message ? `${p.status.state}: ${p.status.message}` : p.status.state;
    if (p.status.state === 'live') live = p.accountId;
  });
  try {
    const signedIn = await deps.core.dispatch('account:signIn', {
      url: cfg.url,
      email: cfg.email,
      password: cfg.password,
    });
    if (!signedIn.ok) return { ok: false, reason: `sign-in to ${cfg.url} failed: ${signedIn.error.message}` };
    const accountId = (signedIn.value as { id: string }).id;
    while (live !== accountId) {
      if (deps.now() > deadline)
        return { ok: false, reason: `no first sync within ${cfg.timeoutMs / 1000} s (last status: ${lastStatus})` };
      await deps.sleep(100);
    }
    // The first channel with messages is the list to render, whatever the window opened on.
    const sidebar = await deps.core.dispatch('sidebar:get', { accountId });
    const channel = sidebar.ok ? (sidebar.value as Sidebar).channels[0] : undefined;
    if (!channel) return { ok: false, reason: 'synced, but the account has no channel to show' };
    deps.navigate(accountId, { kind: 'channel', channelId: channel.id });
    for (;;) {
      const rows = await deps.renderedRows().catch(() => 0);
      if (rows > 0) return { ok: true, summary: `signed in to ${cfg.url}, synced, ${rows} message rows rendered` };
      if (deps.now() > deadline)
        return {
          ok: false,
          reason: `synced, but the window rendered no message list within ${cfg.timeoutMs / 1000} s`,
        };
      await deps.sleep(250);
    }
  } catch (e) {
    return { ok: false, reason: `self-test failed: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    stop();
  }
}

/** Counts message rows in the renderer's DOM (run in the window with executeJavaScript). */
export const RENDERED_ROWS_SCRIPT = `document.querySelectorAll('[role="log"] [role="listitem"] article').length`;
