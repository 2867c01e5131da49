/**
 * The demo's dev server, kept running: if it stops without being asked (a crash, someone killed
 * it), the demo says so in one line and starts it again on the same port with the same data file,
 * so the signed-in app reconnects by itself. If it keeps stopping, or cannot start again, the
 * demo says that in one line and exits: never a stack trace.
 */
import type { RunningDevServer, StartOptions } from '../devserver/spawn';

/** More restarts than this within RESTART_WINDOW_MS and the demo gives up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export interface SupervisedDevServer {
  /** The server now running (a new one after each restart). */
  current(): RunningDevServer;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  start: (opts: StartOptions) => Promise<RunningDevServer>;
  options: StartOptions;
  /** One line to the terminal. */
  say: (line: string) => void;
  /** Called once the demo cannot keep a server running; it should exit. */
  giveUp: () => void;
  now?: () => number;
}

function howItStopped({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }): string {
  return signal ? `it was stopped by ${signal}` : `exit code ${code}`;
}

/** With the port the first start got, so a restart keeps the address the app signed in to. */
function samePort(options: StartOptions, baseUrl: string): StartOptions {
  const port = new URL(baseUrl).port;
  const args = [...(options.args ?? [])];
  const at = args.indexOf('--port');
  if (at >= 0) args.splice(at, 2);
  return { ...options, args: [...args, '--port', port] };
}

export async function superviseDevServer(o: SuperviseOptions): Promise<SupervisedDevServer> {
  const now = o.now ?? Date.now;
  let server = await o.start(o.options);
  const again = samePort(o.options, server.baseUrl);
  let stopping = false;
  const restarts: number[] = [];

  const watch = (running: RunningDevServer): void => {
    void running.exited.then(async (how) => {
      if (stopping || running !== server) return;
      restarts.push(now());
      while (restarts.length > 0 && now() - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        o.say(`The dev server stopped again (${howItStopped(how)}); it keeps stopping, so the demo ends here.`);
        o.giveUp();
        return;
      }
      o.say(`The dev server stopped (${howItStopped(how)}); starting it again at ${running.baseUrl}.`);
      try {
        server = await o.start(again);
        watch(server);
      } catch (error) {
        const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        o.say(`The dev server could not start again (${first}); the demo ends here.`);
        o.giveUp();
      }
    });
  };
  watch(server);

  return {
    current: () => server,
    async stop() {
      stopping = true;
      await server.stop();
    },
  };
}
