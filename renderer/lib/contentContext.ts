/**
 * What message content needs from the account without every list passing it down: the
 * organization's code playgrounds (links on code blocks). Home provides it; SafeHtml reads it
 * and does without where no account is around (sign-in screen, tests).
 */
import { getContext, setContext } from 'svelte';
import type { PlaygroundView } from '../../common/model';

const KEY = Symbol('parley-content');

export interface ContentContext {
  playgrounds: () => readonly PlaygroundView[];
}

export function provideContent(context: ContentContext): void {
  setContext(KEY, context);
}

export function contentContext(): ContentContext | undefined {
  return getContext<ContentContext | undefined>(KEY);
}
