/**
 * What a launch picture may hold (sanitize.ts applies it when the core keeps a picture), and the
 * id of this policy. A picture is sanitized once, when it is kept, and signed together with the
 * id; a launch shows it only under the same id (entry-page.ts), so a picture kept by a build with
 * another policy is never shown as if this one had passed it. The id is worked out from the lists
 * themselves plus RULES_REVISION, which covers what sanitize.ts does beyond them.
 */
import { createHash } from 'node:crypto';

/** Raise it when sanitize.ts changes how it applies these lists (its transforms and filters). */
const RULES_REVISION = 1;

// prettier-ignore
export const LAYOUT_TAGS = [
  'div', 'span', 'p', 'header', 'footer', 'nav', 'aside', 'main', 'section', 'article',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'time', 'img', 'br', 'hr',
  'button', 'input', 'textarea', 'label', 'form', 'details', 'summary', 'small', 'mark',
];

/** What server HTML may hold after the renderer's own sanitizer (renderer/lib/sanitize.ts). */
// prettier-ignore
export const CONTENT_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'code', 'del', 'em', 'i', 'kbd', 'pre', 's', 'strong', 'sub',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u',
];

/** Drawing only: no href, no id, no for, no event handlers, no data-*. */
export const EVERYWHERE = ['class', 'style', 'role', 'aria-*', 'title', 'hidden', 'dir', 'lang'];

export const PLAIN_INPUTS: ReadonlySet<string> = new Set(['', 'text', 'search', 'checkbox', 'email']);

const LENGTH = /^\d+(?:\.\d+)?(?:px|em|rem|%)$/;
const OFFSET = /^-?\d+(?:\.\d+)?px(?: -?\d+(?:\.\d+)?px)?$/;
const OVERFLOW = /^(?:hidden|auto|visible|scroll|clip)$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\([\d.,\s%]+\)|hsla?\([\d.,\s%deg]+\)|[a-z]+)$/i;

/**
 * The inline styles the renderer writes (a sized avatar, a channel's color swatch, a list's
 * scrolling, the picture's own scroll offset), with values that can neither load anything (no
 * url()) nor place an element over the window (no position, inset, z-index).
 */
export const ALLOWED_STYLES: Record<string, RegExp[]> = {
  width: [LENGTH],
  height: [LENGTH],
  overflow: [OVERFLOW],
  'overflow-x': [OVERFLOW],
  'overflow-y': [OVERFLOW],
  translate: [OFFSET],
  'background-color': [COLOR],
};

/** A drawn avatar or an emoji the app made itself; never a remote image or a document. */
export const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);/i;

/** Attributes some tags may carry besides EVERYWHERE's. */
export const PER_TAG_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'alt', 'width', 'height', 'loading', 'referrerpolicy'],
  time: ['datetime'],
  button: ['type', 'disabled'],
  // No value or checked: what was typed is not pictured (textarea text is dropped by default).
  input: ['type', 'placeholder', 'disabled', 'size'],
  textarea: ['placeholder', 'rows', 'disabled', 'spellcheck'],
  details: ['open'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** This policy's id: the lists and the rules' revision, hashed (regular expressions by their source). */
export const PICTURE_POLICY_ID = createHash('sha256')
  .update(
    JSON.stringify(
      [
        RULES_REVISION,
        LAYOUT_TAGS,
        CONTENT_TAGS,
        EVERYWHERE,
        [...PLAIN_INPUTS],
        ALLOWED_STYLES,
        DATA_IMAGE,
        PER_TAG_ATTRIBUTES,
      ],
      (_key, value: unknown) => (value instanceof RegExp ? `/${value.source}/${value.flags}` : value),
    ),
  )
  .digest('base64url')
  .slice(0, 22);
