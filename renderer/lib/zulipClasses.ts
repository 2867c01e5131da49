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
  'message_body', 'table-wrapper', 'highlight', 'data-container',
]);

/** Families of generated names: emoji code points, KaTeX's output and its sizing classes. */
const PATTERNS = [/^emoji-[0-9a-f]+(?:-[0-9a-f]+)*$/, /^katex(?:-[a-z]+)*$/];

/**
 * KaTeX's inner layout classes (only kept inside a .katex element): every class katex.css styles
 * (katex 0.16, dist/katex.css) plus the atom classes KaTeX writes without styling them.
 */
// prettier-ignore
const KATEX_INNER = new Set([
  'accent', 'accent-body', 'accent-full', 'amsrm', 'angl', 'anglpad', 'arraycolsep', 'base',
  'boldsymbol', 'boxpad', 'brace-center', 'brace-left', 'brace-right', 'cancel-lap', 'cancel-pad',
  'cd-arrow-pad', 'cd-label-left', 'cd-label-right', 'cd-vert-arrow', 'clap', 'col-align-c',
  'col-align-l', 'col-align-r', 'com', 'delim-size1', 'delim-size4', 'delimcenter', 'delimsizing',
  'eqn-num', 'fbox', 'fcolorbox', 'fix', 'fleqn', 'fontsize-ensurer', 'frac-line',
  'halfarrow-left', 'halfarrow-right', 'hbox', 'hdashline', 'hide-tail', 'hline', 'inner', 'katex',
  'katex-display', 'katex-html', 'katex-mathml', 'large-op', 'leqno', 'llap', 'mainrm', 'mathbb',
  'mathbf', 'mathboldfrak', 'mathboldsf', 'mathcal', 'mathfrak', 'mathit', 'mathitsf',
  'mathnormal', 'mathrm', 'mathscr', 'mathsf', 'mathsfit', 'mathtt', 'mbin', 'mclose', 'mfrac',
  'minner', 'mml-eqn-num', 'mop', 'mopen', 'mord', 'mover', 'mpunct', 'mrel', 'mspace', 'msupsub',
  'mtable', 'mtight', 'mtr-glue', 'mult', 'munder', 'newline', 'nulldelimiter', 'op-limits',
  'op-symbol', 'overlay', 'overline', 'overline-line', 'pstrut', 'reset-size1', 'reset-size10',
  'reset-size11', 'reset-size2', 'reset-size3', 'reset-size4', 'reset-size5', 'reset-size6',
  'reset-size7', 'reset-size8', 'reset-size9', 'rlap', 'root', 'rule', 'size1', 'size10', 'size11',
  'size2', 'size3', 'size4', 'size5', 'size6', 'size7', 'size8', 'size9', 'sizing', 'small-op',
  'smash', 'sout', 'sqrt', 'stretchy', 'strut', 'svg-align', 'tag', 'textbb', 'textbf',
  'textboldfrak', 'textboldsf', 'textfrak', 'textit', 'textitsf', 'textrm', 'textscr', 'textsf',
  'texttt', 'thinbox', 'underline', 'underline-line', 'vbox', 'vertical-separator', 'vlist',
  'vlist-r', 'vlist-s', 'vlist-t', 'vlist-t2', 'x-arrow', 'x-arrow-pad',
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
