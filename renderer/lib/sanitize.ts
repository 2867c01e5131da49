/**
 * The one gate for server HTML (message content, organization description). Everything the
 * chat server renders passes through sanitizeHtml once before it reaches the DOM, and only
 * the SafeHtml component puts the result into the page.
 */
import createDOMPurify, { type Config } from 'dompurify';
import {
  HTML_TAGS,
  KATEX_SVG_ATTRS,
  KATEX_SVG_TAGS,
  katexStyle,
  LINK_SCHEMES,
  MATHML_TAGS,
  previewImageUrl,
  URL_ATTRS,
  VALUE_ATTRS,
} from './sanitizeRules';
import { allowedClasses } from './zulipClasses';
import { BoundedCache } from './boundedCache';

/**
 * No event handlers, no target (we set our own): only what display needs. `style` is listed only
 * so the hook below can keep KaTeX's checked lengths; every other style is dropped there.
 */
const ALLOWED_ATTR = ['alt', 'class', 'title', 'style', ...URL_ATTRS, ...VALUE_ATTRS, ...Object.keys(KATEX_SVG_ATTRS)];

const CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS, ...MATHML_TAGS, ...KATEX_SVG_TAGS],
  ALLOWED_ATTR,
  ADD_URI_SAFE_ATTR: [...VALUE_ATTRS, ...Object.keys(KATEX_SVG_ATTRS), 'style'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Links and images are made absolute in the hook below, so only absolute safe schemes remain.
  ALLOWED_URI_REGEXP: LINK_SCHEMES,
};

export interface SanitizeOptions {
  /** The organization URL: relative links and images in server HTML point there, not at the app. */
  baseUrl?: string | null;
}

const purify = createDOMPurify(window);
// Set once: given with each call, DOMPurify would parse the whole config again for every message.
purify.setConfig(CONFIG);
let currentBase: string | null = null;

// Runs before DOMPurify checks the URL, so relative server paths (/user_uploads/..., #narrow/...)
// become absolute realm URLs and pass; anything that is still not a safe scheme is dropped.
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'class') {
    // DOMPurify walks parents before children, so an ancestor's class is already filtered here.
    const where = { insideCode: node.closest('.codehilite') !== null, insideMath: node.closest('.katex') !== null };
    data.attrValue = allowedClasses(data.attrValue, where);
    if (data.attrValue === '') data.keepAttr = false;
    return;
  }
  if (data.attrName === 'style') {
    keepStyle(node, data);
    return;
  }
  const svgRule = KATEX_SVG_ATTRS[data.attrName];
  if (svgRule !== undefined) {
    data.keepAttr = node.nodeName.toLowerCase() === svgRule.on && svgRule.grammar.test(data.attrValue.trim());
    return;
  }
  if (!URL_ATTRS.includes(data.attrName)) return;
  const absolute = absoluteUrl(data.attrValue, currentBase);
  if (absolute === null || !LINK_SCHEMES.test(absolute)) {
    data.keepAttr = false;
    return;
  }
  // Only links may leave the web (tel:, mailto:); media load from the organization only.
  if (data.attrName !== 'href' && !imageAllowed(absolute, currentBase)) {
    data.keepAttr = false;
    return;
  }
  data.attrValue = absolute;
});

/** Link previews' images, found in their style, put in as an <img> once the link is clean. */
const previewImages = new WeakMap<Element, string>();

/**
 * Server styles are never kept as written: KaTeX's layout (lengths in em, checked one declaration
 * at a time) inside a .katex element, and a link preview's background image, which becomes an
 * <img> that must come from the organization like any other.
 */
function keepStyle(
  node: Element,
  data: { attrValue: string; keepAttr: boolean; forceKeepAttr?: boolean | undefined },
): void {
  data.keepAttr = false;
  if (node.closest('.katex') !== null) {
    const style = katexStyle(data.attrValue);
    if (style === '') return;
    data.attrValue = style;
    data.keepAttr = true;
  } else if (node.tagName === 'A' && node.classList.contains('message_embed_image')) {
    const url = previewImageUrl(data.attrValue);
    const absolute = url === null ? null : absoluteUrl(url, currentBase);
    if (absolute !== null && /^https?:/i.test(absolute) && imageAllowed(absolute, currentBase)) {
      previewImages.set(node, absolute);
    }
  }
}

/**
 * Images in server HTML load only from the organization itself: its uploads, its emoji and its
 * camo proxy (/external_content/...), which Zulip puts in src for every outside image. An image
 * from any other host (plain http or not) would tell that host who reads what, and when; it is
 * dropped and its link, if any, stays. Without a known organization URL nothing loads.
 */
function imageAllowed(absolute: string, base: string | null): boolean {
  if (!base) return false;
  try {
    return new URL(absolute).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

// SVG is KaTeX's drawing of a glyph or nothing: outside a .katex element it goes, with its content,
// and inside one it holds paths only.
purify.addHook('uponSanitizeElement', (node, data) => {
  if (!KATEX_SVG_TAGS.includes(data.tagName)) {
    if (node.parentElement?.closest('svg')) node.parentNode?.removeChild(node);
    return;
  }
  const inMath = node.parentElement?.closest('.katex') ?? null;
  const parentOk = data.tagName === 'svg' || node.parentElement?.nodeName.toLowerCase() === 'svg';
  if (inMath === null || !parentOk) node.parentNode?.removeChild(node);
});

// Every link opens outside the app (Electron's main sends new windows to the system browser).
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
  if (node.tagName === 'VIDEO') {
    // A video with nothing left to play (its source was elsewhere) is not shown at all.
    if (!node.hasAttribute('src')) {
      node.remove();
      return;
    }
    // A preview: the reader starts it; nothing plays or downloads whole on its own.
    node.setAttribute('controls', '');
    node.setAttribute('preload', 'metadata');
  }
  const preview = previewImages.get(node);
  if (preview !== undefined && node.querySelector('img') === null) {
    const img = node.ownerDocument.createElement('img');
    img.setAttribute('src', preview);
    img.setAttribute('alt', '');
    node.append(img);
  }
});

/**
 * The last results, by organization and HTML: a row is built again when it scrolls back into view
 * or its channel is opened again, and its message object is replaced when it is read or reacted
 * to, each time with the same content. The output depends on nothing else (the hooks read only
 * the node and the base), so a held result is the one sanitizing again would give.
 */
const recent = new BoundedCache<string, string>(1000);

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const base = options.baseUrl ?? null;
  return recent.get(`${base ?? ''}\n${html}`, () => {
    currentBase = base;
    try {
      return purify.sanitize(html);
    } finally {
      currentBase = null;
    }
  });
}

/**
 * Resolves a URL from server data against the organization URL. Returns null when it cannot be
 * resolved (no base for a relative URL, or malformed).
 */
export function absoluteUrl(url: string, base: string | null | undefined): string | null {
  const trimmed = url.trim();
  try {
    return new URL(trimmed).href;
  } catch {
    if (!base) return null;
    try {
      return new URL(trimmed, base).href;
    } catch {
      return null;
    }
  }
}

/** An image URL from server data (avatar, organization icon) that is safe to put in src. */
export function safeImageUrl(url: string | null | undefined, base?: string | null): string | null {
  if (!url) return null;
  const absolute = absoluteUrl(url, base);
  return absolute !== null && /^https?:/i.test(absolute) ? absolute : null;
}
