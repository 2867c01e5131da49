/**
 * The one gate a launch picture passes before it is put into the page (entry-page.ts): a closed
 * list of the tags and attributes the app's own screens are drawn with, in sanitize-html's hands.
 * The page's CSP already refuses inline scripts and handlers; this keeps out everything else a
 * changed file could carry (frames, forms that post, links, ids that would clash with the app's).
 * Nothing in a picture needs to work, only to look right: it is shown inert and taken away as soon
 * as the app has drawn the same screen.
 */
import sanitizeHtml from 'sanitize-html';

// prettier-ignore
const LAYOUT_TAGS = [
  'div', 'span', 'p', 'header', 'footer', 'nav', 'aside', 'main', 'section', 'article',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'time', 'img', 'br', 'hr',
  'button', 'input', 'textarea', 'label', 'form', 'details', 'summary', 'small', 'mark',
];

/** What server HTML may hold after the renderer's own sanitizer (renderer/lib/sanitize.ts). */
// prettier-ignore
const CONTENT_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'code', 'del', 'em', 'i', 'kbd', 'pre', 's', 'strong', 'sub',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u',
];

/** Drawing only: no href, no id, no for, no event handlers, no data-*. */
const EVERYWHERE = ['class', 'style', 'role', 'aria-*', 'title', 'hidden', 'dir', 'lang'];

const PLAIN_INPUTS = new Set(['', 'text', 'search', 'checkbox', 'email']);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...LAYOUT_TAGS, ...CONTENT_TAGS],
  allowedAttributes: {
    '*': EVERYWHERE,
    img: ['src', 'alt', 'width', 'height', 'loading', 'referrerpolicy'],
    time: ['datetime'],
    button: ['type', 'disabled'],
    input: ['type', 'placeholder', 'value', 'checked', 'disabled', 'size'],
    textarea: ['placeholder', 'rows', 'disabled', 'spellcheck'],
    details: ['open'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Images only from where the app itself loads them (the servers, data: for drawn avatars).
  allowedSchemes: ['https', 'http', 'data'],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  // Only plain fields: an <input type="image"> would load a src of its own.
  exclusiveFilter: (frame) => frame.tag === 'input' && !PLAIN_INPUTS.has(frame.attribs['type'] ?? ''),
  disallowedTagsMode: 'discard',
  // Styles are kept as written (quoted and escaped in their attribute): with no list of allowed
  // properties, parsing each one (postcss) would only rewrite it, at a cost on the launch's path.
  parseStyleAttributes: false,
};

/** The picture's markup as it may be shown. */
export function sanitizeLaunchPicture(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
