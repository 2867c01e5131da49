/**
 * Navigation view fragments as the server reads them. Zulip's built-in views (inbox, recent
 * conversations, ...) can be pinned or unpinned but never named: the server refuses a name for
 * them ("Built-in views cannot have a custom name"), and requires one for every other fragment.
 * The list is the one api-v1.md's server (devserver/routes/navigation_views.ts) holds.
 */
const BUILT_IN_VIEW_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
]);

/** The fragment to send: trimmed, without the "#" of a pasted URL hash (the server keeps it otherwise). */
export function viewFragment(typed: string): string {
  return typed.trim().replace(/^#/, '').trim();
}

/** Whether the typed fragment names a built-in view, which takes no name. */
export function isBuiltInView(typed: string): boolean {
  return BUILT_IN_VIEW_FRAGMENTS.has(viewFragment(typed));
}
