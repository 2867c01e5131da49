/** Entry point: picks the bridge transport, reports renderer errors to main's log, mounts the app. */
import { mount } from 'svelte';
import App from './App.svelte';
import { connectBridge, describe, type BridgeClient } from './lib/bridge';
import { holdLaunchPicture } from './lib/launchPicture';
import './styles.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

let bridge: BridgeClient;
try {
  bridge = connectBridge();
} catch (error) {
  // Without a bridge there is nothing to run: say why on the page instead of a blank window.
  target.textContent = `Parley could not start: ${describe(error)}`;
  throw error;
}

// Renderer bugs go to main's log (messages and stacks only: the renderer never holds a secret).
// Chromium reports a ResizeObserver callback that resized observed boxes again as an error; the
// virtualized message list does that by design while rows settle, and nothing is lost.
const BENIGN_ERRORS = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;
window.addEventListener('error', (event) => {
  if (BENIGN_ERRORS.test(String(event.message))) return;
  bridge.send('log:error', {
    message: String(event.message),
    ...(event.error?.stack ? { stack: String(event.error.stack) } : {}),
  });
});
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  bridge.send('log:error', {
    message: `Unhandled rejection: ${describe(reason)}`,
    ...(reason instanceof Error && reason.stack ? { stack: reason.stack } : {}),
  });
});

// Back online: the core retries every server at once rather than when its backoff ends.
window.addEventListener('online', () => bridge.send('app:wake', {}));

// A warm start's entry page may carry the last session's picture of the window: it stays in front
// until the app has drawn its own rows (lib/launchPicture.ts).
holdLaunchPicture(target);
mount(App, { target, props: { bridge } });
