import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryBridge } from '../testing/memoryBridge';
import { BridgeClient } from './bridge';
import { bundlePath, holdLaunchPicture, keepPictures, retireLaunchPicture, takePicture } from './launchPicture';

/** The page as a warm start's entry page leaves it: the picture's layer, then the app's root. */
function page(withPicture: boolean): HTMLElement {
  document.body.innerHTML =
    (withPicture ? '<div id="launch-picture" aria-hidden="true"><div inert><p>pictured</p></div></div>' : '') +
    '<div id="app"></div>';
  return document.getElementById('app')!;
}

/** A conversation on screen, as Home draws one. */
function conversation(app: HTMLElement): void {
  app.innerHTML =
    '<nav aria-label="Channels"><button type="button">general</button></nav>' +
    '<div class="scroller"><div role="log" aria-label="#general"><article>Hello</article></div></div>' +
    '<input type="text" aria-label="Topic"><input type="password" aria-label="Secret"><textarea aria-label="Message"></textarea>' +
    '<ul role="menu"><li>Edit</li></ul><div role="dialog">Are you sure?</div>';
}

afterEach(() => {
  retireLaunchPicture();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete document.documentElement.dataset['theme'];
});

describe('takePicture', () => {
  it('is null while no conversation is on screen', () => {
    const app = page(false);
    app.innerHTML = '<form><input aria-label="Server URL"></form>';
    expect(takePicture(app)).toBeNull();
  });

  it('keeps the scroll position, and leaves out what is typed, menus and dialogs', () => {
    const app = page(false);
    conversation(app);
    const scroller = app.querySelector<HTMLElement>('.scroller')!;
    // jsdom lays nothing out: the scroll position is given as the browser would report it.
    Object.defineProperty(scroller, 'scrollTop', { value: 840 });
    app.querySelector('textarea')!.value = 'half a thought';
    app.querySelector<HTMLInputElement>('input[type="text"]')!.value = 'lunch';
    app.querySelector<HTMLInputElement>('input[type="password"]')!.value = 'hunter2';
    // A field whose markup carries its text (a default value) is emptied too.
    app.querySelector('textarea')!.defaultValue = 'half a thought';

    const html = takePicture(app)!;
    const copy = document.createElement('div');
    copy.innerHTML = html;
    const scrolled = copy.querySelector<HTMLElement>('.scroller')!;
    expect(scrolled.style.overflow).toBe('hidden');
    expect((scrolled.firstElementChild as HTMLElement).style.translate).toBe('0px -840px');
    // The unsent draft and the topic stay out of the file (#25 item 7): the app restores the draft.
    expect(copy.querySelector('textarea')!.textContent).toBe('');
    expect(copy.querySelector('input[type="text"]')!.hasAttribute('value')).toBe(false);
    for (const typed of ['half a thought', 'lunch', 'hunter2']) expect(html).not.toContain(typed);
    expect(copy.querySelector('[role="menu"], [role="dialog"]')).toBeNull();
    expect(copy.querySelector('[role="log"] article')!.textContent).toBe('Hello');
    // The live window is untouched.
    expect(app.querySelector('[role="dialog"]')).not.toBeNull();
    expect(scroller.style.overflow).toBe('');
  });
});

describe('holdLaunchPicture', () => {
  it('takes the picture away when the app puts its first message row on screen', async () => {
    const app = page(true);
    holdLaunchPicture(app);
    app.innerHTML = '<p role="status">Starting Parley…</p>';
    await Promise.resolve();
    expect(document.getElementById('launch-picture')).not.toBeNull();
    conversation(app);
    await vi.waitFor(() => expect(document.getElementById('launch-picture')).toBeNull());
  });

  it('takes it away when told, at a press on it, or at the latest after its time', () => {
    vi.useFakeTimers();
    holdLaunchPicture(page(true));
    retireLaunchPicture();
    expect(document.getElementById('launch-picture')).toBeNull();

    holdLaunchPicture(page(true));
    document.getElementById('launch-picture')!.dispatchEvent(new Event('pointerdown'));
    expect(document.getElementById('launch-picture')).toBeNull();

    holdLaunchPicture(page(true), 3000);
    vi.advanceTimersByTime(2999);
    expect(document.getElementById('launch-picture')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('launch-picture')).toBeNull();
  });
});

describe('keepPictures', () => {
  let bridge: MemoryBridge;
  beforeEach(() => {
    bridge = new MemoryBridge();
    document.head.innerHTML = '<script type="module" crossorigin src="./assets/index-Abc123.js"></script>';
  });
  const pictures = () => bridge.sends.filter((s) => s.name === 'window:picture');

  it('finds the bundle the entry page names', () => {
    expect(bundlePath()).toBe('/assets/index-Abc123.js');
    document.head.innerHTML = '<script type="module" src="/src/main.ts"></script>';
    expect(bundlePath()).toBeNull();
  });

  it('sends one picture once the window has been still a moment, with its account, build and theme', async () => {
    vi.useFakeTimers();
    const app = page(false);
    document.documentElement.dataset['theme'] = 'dark';
    const stop = keepPictures(new BridgeClient(bridge), app, () => 'acc-1', {
      quietMs: 100,
      maxWaitMs: 1000,
      minIntervalMs: 2000,
    });
    conversation(app);
    await vi.advanceTimersByTimeAsync(50);
    app.querySelector('article')!.textContent = 'Hello again';
    await vi.advanceTimersByTimeAsync(99);
    expect(pictures()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pictures()).toHaveLength(1);
    expect(pictures()[0]!.payload).toMatchObject({
      accountId: 'acc-1',
      build: '/assets/index-Abc123.js',
      theme: 'dark',
    });
    expect((pictures()[0]!.payload as { html: string }).html).toContain('Hello again');
    // Nothing changed since: nothing more is sent.
    await vi.advanceTimersByTimeAsync(5000);
    expect(pictures()).toHaveLength(1);
    // A change long after the last picture goes after the quiet time; one soon after a picture
    // waits for the interval (2 s after the last one).
    app.querySelector('article')!.textContent = 'Hello a third time';
    await vi.advanceTimersByTimeAsync(100);
    expect(pictures()).toHaveLength(2);
    app.querySelector('article')!.textContent = 'And a fourth';
    await vi.advanceTimersByTimeAsync(1500);
    expect(pictures()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(pictures()).toHaveLength(3);
    stop();
  });

  it('sends at once when the window is hidden, and nothing without an account', async () => {
    const app = page(false);
    let account: string | null = null;
    const stop = keepPictures(new BridgeClient(bridge), app, () => account, {
      quietMs: 60_000,
      maxWaitMs: 60_000,
      minIntervalMs: 0,
    });
    conversation(app);
    await Promise.resolve();
    const hide = (): boolean => document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      hide();
      expect(pictures()).toEqual([]);
      account = 'acc-2';
      app.querySelector('article')!.textContent = 'Bye';
      await Promise.resolve();
      hide();
      expect(pictures()).toHaveLength(1);
      expect(pictures()[0]!.payload).toMatchObject({ accountId: 'acc-2', theme: null });
    } finally {
      delete (document as unknown as { visibilityState?: string }).visibilityState;
      stop();
    }
  });
});
