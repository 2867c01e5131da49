/**
 * The one gate a launch picture passes before it is kept (keep.ts), and so before it can be put
 * into a page (entry-page.ts): a closed list of the tags and attributes the app's own screens are
 * drawn with (policy.ts), in sanitize-html's hands.
 * The page's CSP already refuses inline scripts and handlers; this keeps out everything else a
 * changed file could carry (frames, forms that post, links, ids that would clash with the app's,
 * remote images, styles that place or fetch anything, classes the app's build never styled).
 * Nothing in a picture needs to work, only to look right: it is shown inert and taken away as soon
 * as the app has drawn the same screen. (That the file read back is the one kept: signing.ts.)
 */
import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_STYLES,
  CONTENT_TAGS,
  DATA_IMAGE,
  EVERYWHERE,
  LAYOUT_TAGS,
  PER_TAG_ATTRIBUTES,
  PLAIN_INPUTS,
} from './policy';

function options(appClasses: ReadonlySet<string>): sanitizeHtml.IOptions {
  return {
    allowedTags: [...LAYOUT_TAGS, ...CONTENT_TAGS],
    allowedAttributes: { '*': EVERYWHERE, ...PER_TAG_ATTRIBUTES },
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
