/**
 * Focus management shared by dialogs, menus and pickers: focus goes back to whatever opened them
 * when they close, and Tab stays inside a modal dialog while it is open.
 */
import { onDestroy } from 'svelte';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The elements Tab can reach inside `container`, in order (hidden ones left out). */
export function tabbables(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * Call while a component is set up (before it takes the focus): when it goes away, focus returns
 * to the element that had it then, unless the closing action already put the focus somewhere.
 */
export function focusReturnsToOpener(): void {
  const opener = document.activeElement;
  onDestroy(() => {
    // After the component's markup is gone: only then is it clear whether focus was left nowhere.
    queueMicrotask(() => {
      const now = document.activeElement;
      const lost = now === null || now === document.body || !now.isConnected;
      if (lost && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
    });
  });
}

/** Keeps Tab and Shift+Tab cycling inside `container`; returns whether it moved the focus. */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const all = tabbables(container);
  if (all.length === 0) {
    event.preventDefault();
    container.focus();
    return true;
  }
  const first = all[0]!;
  const last = all[all.length - 1]!;
  const active = document.activeElement;
  const outside = !active || !container.contains(active) || active === container;
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
