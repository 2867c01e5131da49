/** Setup of the `renderer` vitest project: DOM matchers and per-test cleanup of mounted components. */
import '@testing-library/jest-dom/vitest';
import '@testing-library/svelte/vitest';

// jsdom computes no layout: every box is 0x0 and there is no ResizeObserver. This stand-in
// reports each observed element once, as a browser does on observe, in a simple model of a page:
// a scroll container (overflow-y auto or scroll, set inline since component CSS does not reach
// jsdom) fills the window, and every other box is one line (LINE px) high. The virtualized
// message list then mounts the messages that would fill a 768px window, and no more.
const LINE = 20;
function layoutlessRect(target: Element): DOMRectReadOnly {
  const overflow = getComputedStyle(target).overflowY;
  if (overflow === 'auto' || overflow === 'scroll') {
    return new DOMRectReadOnly(0, 0, window.innerWidth, window.innerHeight);
  }
  return new DOMRectReadOnly(0, 0, window.innerWidth, LINE);
}
if (!('ResizeObserver' in globalThis)) {
  class LayoutlessResizeObserver {
    private readonly watched = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element): void {
      this.watched.add(target);
      queueMicrotask(() => {
        if (!this.watched.has(target)) return;
        const rect = layoutlessRect(target);
        const size = [{ inlineSize: rect.width, blockSize: rect.height }];
        const entry = {
          target,
          contentRect: rect,
          borderBoxSize: size,
          contentBoxSize: size,
          devicePixelContentBoxSize: size,
        };
        this.callback([entry], this);
      });
    }
    unobserve(target: Element): void {
      this.watched.delete(target);
    }
    disconnect(): void {
      this.watched.clear();
    }
  }
  globalThis.ResizeObserver = LayoutlessResizeObserver;
}

// jsdom's offsetParent is always null, which layout code (virtua) reads as "display: none" and
// then ignores the element's size. Without layout, the parent is the closest honest answer.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement): Element | null {
    return this.isConnected ? this.parentElement : null;
  },
});

// jsdom keeps an element's scrollTop/scrollLeft but lacks the scrollTo/scrollBy methods that set
// them (virtua calls them). These set them and, as browsers do when the position changes, fire
// "scroll"; without layout there is no maximum to clamp to, only zero.
if (typeof Element.prototype.scrollTo !== 'function') {
  Element.prototype.scrollTo = function scrollTo(this: Element, x?: ScrollToOptions | number, y?: number): void {
    const options = typeof x === 'object' ? x : { left: x ?? this.scrollLeft, top: y ?? this.scrollTop };
    const top = Math.max(0, options.top ?? this.scrollTop);
    const left = Math.max(0, options.left ?? this.scrollLeft);
    if (top === this.scrollTop && left === this.scrollLeft) return;
    this.scrollTop = top;
    this.scrollLeft = left;
    setTimeout(() => this.dispatchEvent(new Event('scroll')));
  } as Element['scrollTo'];
  Element.prototype.scrollBy = function scrollBy(this: Element, x?: ScrollToOptions | number, y?: number): void {
    const options = typeof x === 'object' ? x : { left: x ?? 0, top: y ?? 0 };
    this.scrollTo({ top: this.scrollTop + (options.top ?? 0), left: this.scrollLeft + (options.left ?? 0) });
  } as Element['scrollBy'];
}
