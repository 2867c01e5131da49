/**
 * What the sanitizer (./sanitize.ts) lets through of server HTML, beyond classes (./zulipClasses.ts):
 * the tags and attributes Zulip's Markdown renderer produces, MathML for KaTeX (what screen
 * readers and copying use), and the narrow grammar of KaTeX's layout styles. Nothing else.
 */

/** Tags Zulip's Markdown renderer produces that are safe to show as they are. */
// prettier-ignore
export const HTML_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'hr', 'i', 'img', 'kbd', 'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'video',
];

/** KaTeX's MathML (Presentation MathML; no links, no actions, no foreign content). */
// prettier-ignore
export const MATHML_TAGS = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup',
  'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr',
  'mtd', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'merror',
];

/**
 * KaTeX draws a few glyphs as inline SVG (the root sign of \sqrt, long arrows, wide accents):
 * an <svg> of <path>s, kept only inside a .katex element (./sanitize.ts), with only these
 * attributes, each checked against its grammar (lower-case, as DOMPurify names them).
 */
export const KATEX_SVG_TAGS = ['svg', 'path'];
export const KATEX_SVG_ATTRS: Readonly<Record<string, { on: string; grammar: RegExp }>> = {
  viewbox: { on: 'svg', grammar: /^-?\d+(?:\.\d+)?(?:[ ,]+-?\d+(?:\.\d+)?){3}$/ },
  preserveaspectratio: { on: 'svg', grammar: /^(?:none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max)(?: (?:meet|slice))?)$/ },
  // Path data: commands and numbers only.
  d: { on: 'path', grammar: /^[MmLlHhVvCcSsQqTtAaZz\d\s,.eE+-]+$/ },
};

/** Attributes that hold plain values, never URLs (DOMPurify checks the others as URLs). */
// prettier-ignore
export const VALUE_ATTRS = [
  'colspan', 'datetime', 'rowspan', 'start', 'data-user-id', 'data-user-group-id', 'data-stream-id',
  'data-code-language', 'aria-hidden', 'preload', 'data-original-dimensions', 'data-original-content-type',
  // MathML presentation attributes KaTeX writes
  'display', 'encoding', 'mathvariant', 'stretchy', 'fence', 'separator', 'lspace', 'rspace',
  'accent', 'accentunder', 'columnalign', 'rowspacing', 'columnspacing', 'minsize', 'maxsize',
  'movablelimits', 'scriptlevel', 'displaystyle', 'notation', 'width', 'height', 'depth', 'voffset',
];

/** Attributes that hold a URL: links may go anywhere safe, images and video only to the organization. */
export const URL_ATTRS = ['href', 'src', 'data-src-fullsize'];

/** Link schemes a message may use; tel: and sms: go to the system like every other link. */
export const LINK_SCHEMES = /^(?:https?:|mailto:|tel:|sms:)/i;

/** The layout properties KaTeX writes inline, each a length in em (or 0): nothing free-form. */
const KATEX_STYLE_PROPERTIES = new Set([
  'height',
  'vertical-align',
  'top',
  'bottom',
  'margin-left',
  'margin-right',
  'padding-left',
  'width',
  'min-width',
  'border-bottom-width',
  'border-top-width',
  'border-right-width',
]);
const EM_LENGTH = /^-?(?:\d+\.?\d*|\.\d+)em$|^0$/;

/**
 * The declarations of a KaTeX style attribute that fit that grammar (plus KaTeX's
 * `position:relative`), in a canonical form; everything else is left out.
 */
export function katexStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const at = declaration.indexOf(':');
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const value = declaration
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (property === 'position' && value === 'relative') kept.push('position:relative');
    else if (KATEX_STYLE_PROPERTIES.has(property) && EM_LENGTH.test(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}

/** The image URL of a link preview's `background-image: url("…")` style, if that is all it is. */
export function previewImageUrl(style: string): string | null {
  const match = /^\s*background-image:\s*url\(\s*(["']?)([^"'()\s]+)\1\s*\)\s*;?\s*$/i.exec(style);
  return match?.[2] ?? null;
}
