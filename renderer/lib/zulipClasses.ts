/**
 * The classes Zulip's Markdown renderer puts into message HTML (and organization/channel
 * descriptions). Server HTML may carry only these: any other class could borrow the app's own
 * styles, e.g. to draw a fake fixed-position "sign in again" toast over the window.
 */

// prettier-ignore
const EXACT = new Set([
  // mentions and links
  'user-mention', 'user-group-mention', 'silent', 'channel-wildcard-mention', 'topic-mention',
  'stream', 'stream-topic', 'message-link', 'alert-word',
  // emoji
  'emoji',
  // media and previews
  'message_inline_image', 'message_inline_ref', 'message_inline_video', 'message_embed',
  'message_embed_image', 'message_embed_title', 'message_embed_description', 'youtube-video',
  'embed-video', 'vimeo-video', 'inline-preview-twitter', 'twitter-tweet', 'twitter-avatar',
  'twitter-image', 'image-loading-placeholder', 'media-image-element',
  // code, quotes, spoilers, math, misc
  'codehilite', 'spoiler-block', 'spoiler-header', 'spoiler-content', 'math', 'tex-error',
  'rendered_markdown', 'rendered-markdown', 'timestamp', 'timestamp-error', 'broken-image',
  'message_body', 'table-wrapper', 'highlight',
]);

/** Families of generated names: emoji code points, KaTeX's output and its sizing classes. */
const PATTERNS = [/^emoji-[0-9a-f]+(?:-[0-9a-f]+)*$/, /^katex(?:-[a-z]+)*$/];

/** KaTeX's inner layout classes (only kept inside a .katex element). */
// prettier-ignore
const KATEX_INNER = new Set([
  'base', 'strut', 'mord', 'mop', 'mbin', 'mrel', 'mopen', 'mclose', 'mpunct', 'minner', 'mfrac',
  'msupsub', 'vlist', 'vlist-t', 'vlist-t2', 'vlist-r', 'vlist-s', 'pstrut', 'sizing', 'reset-size6',
  'size3', 'mtight', 'frac-line', 'sqrt', 'hide-tail', 'mspace', 'mathnormal', 'mathit', 'mathrm',
  'mathbf', 'amsrm', 'nulldelimiter', 'delimsizing', 'size1', 'size2', 'size4', 'accent', 'accent-body',
  'overline', 'underline', 'col-align-c', 'col-align-l', 'col-align-r', 'arraycolsep', 'mtable', 'newline',
]);

/** Pygments' token classes (k, kd, s2, mi, ...), meaningful only inside a .codehilite block. */
const PYGMENTS_TOKEN = /^[a-z]{1,2}[0-9]?$/;

/**
 * The allowed part of a class attribute. `insideCode`/`insideMath`: whether the element sits in
 * an already-sanitized .codehilite / .katex ancestor, where the short token classes belong.
 */
export function allowedClasses(value: string, where: { insideCode: boolean; insideMath: boolean }): string {
  return value
    .split(/\s+/)
    .filter(
      (c) =>
        c !== '' &&
        (EXACT.has(c) ||
          PATTERNS.some((p) => p.test(c)) ||
          (where.insideMath && KATEX_INNER.has(c)) ||
          (where.insideCode && PYGMENTS_TOKEN.test(c))),
    )
    .join(' ');
}
