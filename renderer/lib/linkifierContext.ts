/**
 * The account's linkifiers for whatever draws a topic name below Home's main area (the title,
 * the topic headings of the message list), handed down by Svelte context rather than through
 * every component between.
 */
import { getContext, setContext } from 'svelte';
import type { LinkifierView } from '../../common/model';

const KEY = Symbol('linkifiers');

export function provideLinkifiers(current: () => readonly LinkifierView[]): void {
  setContext(KEY, current);
}

/** The linkifiers now (none outside Home, e.g. in a component test). */
export function currentLinkifiers(): () => readonly LinkifierView[] {
  return getContext<(() => readonly LinkifierView[]) | undefined>(KEY) ?? (() => []);
}
