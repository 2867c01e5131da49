import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import type { ZulipEnv } from './mentions';
import { THUMBNAIL_FORMAT } from '../uploads/thumbnails';

/** Links to uploaded images on this server; other hosts never get an inline preview. */
const UPLOADED_IMAGE = /^\/user_uploads\/[^?#]+\.(?:png|jpe?g|gif|webp)$/i;

/**
 * Zulip's inline image previews for uploaded images: after a paragraph that links to one, a
 * `<div class="message_inline_image">` with the image, linked to the file. Only same-server
 * /user_uploads/ paths qualify, so rendering never makes a client fetch from another host. An
 * upload the server can read as an image is shown by its thumbnail, with its original size and type
 * (Zulip's rewrite_thumbnailed_images); any other keeps the file itself as the image.
 */
export function inlineImagesPlugin(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;
  md.core.ruler.push('zulip_inline_images', (state: StateCore) => {
    const out: Token[] = [];
    let pending: Array<{ href: string; title: string }> = [];
    for (const token of state.tokens) {
      out.push(token);
      if (token.type === 'inline') {
        const children = token.children ?? [];
        children.forEach((child, i) => {
          const raw = child.type === 'link_open' ? child.attrGet('href') : null;
          const href = raw === null ? null : String(raw);
          if (href !== null && UPLOADED_IMAGE.test(href)) {
            pending.push({ href, title: children[i + 1]?.type === 'text' ? (children[i + 1]?.content ?? '') : '' });
          }
        });
      } else if (token.type === 'paragraph_close' && pending.length > 0) {
        for (const image of pending) {
          const html = new state.Token('html_block', '', 0);
          html.content =
            `<div class="message_inline_image"><a href="${escape(image.href)}" title="${escape(image.title)}">` +
            `${imageTag(image.href, state.env as ZulipEnv, escape)}</a></div>`;
          out.push(html);
        }
        pending = [];
      }
    }
    state.tokens = out;
  });
}

/** The preview's <img>: the thumbnail of an upload the server reads as an image, else the file. */
function imageTag(href: string, env: ZulipEnv, escape: (text: string) => string): string {
  const path = href.slice('/user_uploads/'.length);
  const image = env.directory.uploadedImage?.(decodeURIComponent(path));
  if (!image) return `<img src="${escape(href)}">`;
  const dimensions = `${image.width}x${image.height}`;
  return (
    `<img data-original-content-type="${escape(image.contentType)}" data-original-dimensions="${dimensions}"` +
    ` src="${escape(`/user_uploads/thumbnail/${path}/${THUMBNAIL_FORMAT.name}`)}">`
  );
}
