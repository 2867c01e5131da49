/**
 * Navigation view fragments as the server reads them. Zulip's built-in views (inbox, recent
 * conversations, ...) can be pinned or unpinned but never named: the server refuses a name for
 * them ("Built-in views cannot have a custom name"), and requires one for every other fragment.
 * The list is the one api-v1.md's server (devserver/routes/navigation_views.ts) holds.
 */
import type { Narrow } from '../../common/model';
import { narrowFromLink } from './narrowLinks';

const BUILT_IN_VIEW_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
]);

/** What Zulip calls its built-in views, for a list that shows them (they carry no name of their own). */
const BUILT_IN_VIEW_NAMES: Readonly<Record<string, string>> = {
  inbox: 'Inbox',
  recent: 'Recent conversations',
  feed: 'Combined feed',
  drafts: 'Drafts',
  'narrow/has/reaction/sender/me': 'Reactions',
  'narrow/is/mentioned': 'Mentions',
  'narrow/is/starred': 'Starred messages',
};

/** A view's name as the user reads it: its own, else a built-in view's, else its fragment. */
export function viewLabel(view: { name: string | null; fragment: string }): string {
  return view.name ?? BUILT_IN_VIEW_NAMES[viewFragment(view.fragment)] ?? view.fragment;
}

/** The fragment to send: trimmed, without the "#" of a pasted URL hash (the server keeps it otherwise). */
export function viewFragment(typed: string): string {
  return typed.trim().replace(/^#/, '').trim();
}

/** Whether the typed fragment names a built-in view, which takes no name. */
export function isBuiltInView(typed: string): boolean {
  return BUILT_IN_VIEW_FRAGMENTS.has(viewFragment(typed));
}

/** Where opening a navigation view leads: a conversation, a search, or one of Parley's screens. */
export type ViewTarget =
  | { kind: 'narrow'; narrow: Narrow }
  | { kind: 'search'; query: string }
  | { kind: 'screen'; screen: 'inbox' | 'recent' | 'drafts' };

/** Operators that only say which conversation: a fragment of just these opens it. */
const CONVERSATION_OPERATORS = new Set(['channel', 'stream', 'topic', 'subject', 'dm', 'pm-with', 'near', 'with']);

/** Zulip's hash operands use "." for "%"; a bad escape is left as it is. */
function decodeHashOperand(operand: string): string {
  try {
    return decodeURIComponent(operand.replace(/\.([0-9A-Fa-f]{2})/g, '%$1'));
  } catch {
    return operand;
  }
}

/**
 * What a view's fragment opens: its conversation when it names one (channel, topic, DM), the
 * built-in screens by name, and any other narrow as the search its operators spell.
 */
export function viewTarget(fragment: string, realmUrl: string, selfUserId: number): ViewTarget | null {
  const f = viewFragment(fragment);
  if (f === 'inbox' || f === 'recent' || f === 'drafts') return { kind: 'screen', screen: f };
  if (f === 'feed') return { kind: 'search', query: '' };
  if (!f.startsWith('narrow/')) return null;
  const parts = f.slice('narrow/'.length).split('/');
  const operators = parts.filter((_, i) => i % 2 === 0);
  if (operators.every((o) => CONVERSATION_OPERATORS.has(o))) {
    const narrow = narrowFromLink(`${realmUrl.replace(/\/+$/, '')}/#${f}`, realmUrl, selfUserId);
    if (narrow) return { kind: 'narrow', narrow };
  }
  const terms: string[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const operand = decodeHashOperand(parts[i + 1]!);
    terms.push(parts[i] === 'search' ? operand : `${parts[i]}:${/\s/.test(operand) ? `"${operand}"` : operand}`);
  }
  return terms.length > 0 ? { kind: 'search', query: terms.join(' ') } : null;
}
