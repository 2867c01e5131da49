/**
 * What full-text search indexes of a message: the words of its rendered HTML (tags dropped,
 * entities decoded by htmlparser2) and whether it links anywhere. Kept apart from the SQL so
 * the migration that back-fills old rows and the repo that writes new ones agree.
 *
 * The text is gathered from htmlparser2's parser events as they come, not from a document tree:
 * every message cached is read here once (the search backlog, an edit), and a tree of it was
 * built only to be walked once and dropped (#28 item 2: garbage on the core thread per message).
 * The tree is made of these same events, so the text is the same.
 */
import { Parser } from 'htmlparser2';

/** Elements whose edges separate words; inline ones (b, a, code) join their text to what is beside them. */
const BLOCK = new Set('p div li ul ol blockquote pre table thead tbody tr td th br hr h1 h2 h3 h4 h5 h6'.split(' '));
/** Elements whose content is not the message's text. */
const HIDDEN = new Set(['script', 'style']);

export interface MessageText {
  /** The text, with a space wherever a block element (paragraph, list item, ...) starts or ends. */
  text: string;
  /** Like Zulip's has:link: the rendered HTML contains an <a> element. */
  hasLink: boolean;
}

export function messageText(html: string): MessageText {
  // Plain text (a local echo, or a server without apply_markdown) needs no parse.
  if (!html.includes('<') && !html.includes('&')) return { text: html, hasLink: false };
  let text = '';
  let hasLink = false;
  let hidden = 0;
  const parser = new Parser({
    onopentagname(name) {
      if (name === 'a') hasLink = true;
      if (HIDDEN.has(name)) hidden++;
      else if (BLOCK.has(name)) text += ' ';
    },
    onclosetag(name) {
      if (HIDDEN.has(name)) hidden--;
      else if (BLOCK.has(name)) text += ' ';
    },
    ontext(data) {
      if (hidden === 0) text += data;
    },
  });
  parser.end(html);
  return { text: text.replace(/\s+/g, ' ').trim(), hasLink };
}
