/**
 * What full-text search indexes of a message: the words of its rendered HTML (tags dropped,
 * entities decoded by htmlparser2) and whether it links anywhere. Kept apart from the SQL so
 * the migration that back-fills old rows and the repo that writes new ones agree.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

/** Elements whose edges separate words; inline ones (b, a, code) join their text to what is beside them. */
const BLOCK = new Set('p div li ul ol blockquote pre table thead tbody tr td th br hr h1 h2 h3 h4 h5 h6'.split(' '));

export interface MessageText {
  /** The text, with a space wherever a block element (paragraph, list item, ...) starts or ends. */
  text: string;
  /** Like Zulip's has:link: the rendered HTML contains an <a> element. */
  hasLink: boolean;
}

export function messageText(html: string): MessageText {
  // Plain text (a local echo, or a server without apply_markdown) needs no parse.
  if (!html.includes('<') && !html.includes('&')) return { text: html, hasLink: false };
  const doc = parseDocument(html);
  const parts: string[] = [];
  const walk = (nodes: readonly DomNode[]): void => {
    for (const node of nodes) {
      if (node.type === ElementType.Text) parts.push(node.data);
      else if ('children' in node && node.type !== ElementType.Script && node.type !== ElementType.Style) {
        const block = 'name' in node && BLOCK.has(node.name);
        if (block) parts.push(' ');
        walk(node.children as DomNode[]);
        if (block) parts.push(' ');
      }
    }
  };
  walk(doc.children);
  const hasLink = DomUtils.findOne((el) => el.name === 'a', doc.children, true) !== null;
  return { text: parts.join('').replace(/\s+/g, ' ').trim(), hasLink };
}
