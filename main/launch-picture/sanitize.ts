/**
 * The one gate a launch picture passes before it is put into the page (entry-page.ts): a closed
 * list of the tags and attributes the app's own screens are drawn with, in sanitize-html's hands.
 * The page's CSP already refuses inline scripts and handlers; this keeps out everything else a
 * changed file could carry (frames, forms that post, links, ids that would clash with the app's,
 * remote images, styles that place or fetch anything, classes the app's build never styled).
 * Nothing in a picture needs to work, only to look right: it is shown inert and taken away as soon
 * as the app has drawn the same screen. (That the file is Parley's own is checked before, signing.ts.)
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

const LENGTH = /^\d+(?:\.\d+)?(?:px|em|rem|%)$/;
const OFFSET = /^-?\d+(?:\.\d+)?px(?: -?\d+(?:\.\d+)?px)?$/;
const OVERFLOW = /^(?:hidden|auto|visible|scroll|clip)$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\([\d.,\s%]+\)|hsla?\([\d.,\s%deg]+\)|[a-z]+)$/i;

/**
 * The inline styles the renderer writes (a sized avatar, a channel's color swatch, a list's
 * scrolling, the picture's own scroll offset), with values that can neither load anything (no
 * url()) nor place an element over the window (no position, inset, z-index).
 */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  width: [LENGTH],
  height: [LENGTH],
  overflow: [OVERFLOW],
  'overflow-x': [OVERFLOW],
  'overflow-y': [OVERFLOW],
  translate: [OFFSET],
  'background-color': [COLOR],
};

/** A drawn avatar or an emoji the app made itself; never a remote image or a document. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);/i;

function options(appClasses: ReadonlySet<string>): sanitizeHtml.IOptions {
  return {
    allowedTags: [...LAYOUT_TAGS, ...CONTENT_TAGS],
    allowedAttributes: {
      '*': EVERYWHERE,
      img: ['src', 'alt', 'width', 'height', 'loading', 'referrerpolicy'],
      time: ['datetime'],
      button: ['type', 'disabled'],
      // No value or checked: what was typed is not pictured (textarea text is dropped by default).
      input: ['type', 'placeholder', 'disabled', 'size'],
      textarea: ['placeholder', 'rows', 'disabled', 'spellcheck'],
      details: ['open'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    // Images only as data: (what the app drew itself) or relative to the app (its own build's files).
    allowedSchemes: [],
    allowedSchemesByTag: { img: ['data'] },
    allowedSchemesAppliedToAttributes: ['src'],
    allowProtocolRelative: false,
    allowedStyles: { '*': ALLOWED_STYLES },
    transformTags: {
      // Only classes the app's own stylesheet knows: no borrowed look the build never drew with.
      '*': (tagName, attribs) => {
        if (attribs['class'] === undefined) return { tagName, attribs };
        const kept = attribs['class']
          .split(/\s+/)
          .filter((name) => appClasses.has(name))
          .join(' ');
        // Rebuilt in the same order, the class replaced in place or left out.
        const entries = Object.entries(attribs).flatMap(([name, value]): [string, string][] =>
          name !== 'class' ? [[name, value]] : kept === '' ? [] : [[name, kept]],
        );
        return { tagName, attribs: Object.fromEntries(entries) };
      },
    },
    exclusiveFilter: (frame) =>
      // Only plain fields: an <input type="image"> would load a src of its own.
      (frame.tag === 'input' && !PLAIN_INPUTS.has(frame.attribs['type'] ?? '')) ||
      (frame.tag === 'img' && /^data:/i.test(frame.attribs['src'] ?? '') && !DATA_IMAGE.test(frame.attribs['src']!)),
    disallowedTagsMode: 'discard',
  };
}

/** The class names a stylesheet styles (`.name` in any selector). */
export function classesOfStylesheet(css: string): Set<string> {
  return new Set(Array.from(css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (match) => match[1]!));
}

/** The picture's markup as it may be shown; `appClasses`: the classes of the app's build. */
export function sanitizeLaunchPicture(html: string, appClasses: ReadonlySet<string>): string {
  return sanitizeHtml(html, options(appClasses));
}
