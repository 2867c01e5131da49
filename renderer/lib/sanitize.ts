/**
 * The one gate for server HTML (message content, organization description). Everything the
 * chat server renders passes through sanitizeHtml once before it reaches the DOM, and only
 * the SafeHtml component puts the result into the page.
 */
import createDOMPurify, { type Config } from 'dompurify';
import { allowedClasses } from './zulipClasses';

/** Tags Zulip's Markdown renderer produces that are safe to show as they are. */
// prettier-ignore
const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'hr', 'i', 'img', 'kbd', 'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul',
];

/** Attributes that hold plain values, never URLs (DOMPurify checks the others as URLs). */
const VALUE_ATTR = [
  'colspan',
  'datetime',
  'rowspan',
  'data-user-id',
  'data-user-group-id',
  'data-stream-id',
  'data-code-language',
];

/** No style, no event handlers, no target (we set our own): only what display needs. */
const ALLOWED_ATTR = ['alt', 'class', 'href', 'src', 'title', ...VALUE_ATTR];

const SAFE_URL = /^(?:https?:|mailto:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ADD_URI_SAFE_ATTR: VALUE_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Links and images are made absolute in the hook below, so only absolute safe schemes remain.
  ALLOWED_URI_REGEXP: SAFE_URL,
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
// become absolute realm URLs and pass; anything that is still not http(s)/mailto is dropped.
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'class') {
    // DOMPurify walks parents before children, so an ancestor's class is already filtered here.
    const where = { insideCode: node.closest('.codehilite') !== null, insideMath: node.closest('.katex') !== null };
    data.attrValue = allowedClasses(data.attrValue, where);
    if (data.attrValue === '') data.keepAttr = false;
    return;
  }
  if (data.attrName !== 'href' && data.attrName !== 'src') return;
  const absolute = absoluteUrl(data.attrValue, currentBase);
  if (absolute === null || !SAFE_URL.test(absolute)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'src' && !imageAllowed(absolute, currentBase)) {
    data.keepAttr = false;
    return;
  }
  data.attrValue = absolute;
});

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
});

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  currentBase = options.baseUrl ?? null;
  try {
    return purify.sanitize(html);
  } finally {
    currentBase = null;
  }
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
