/**
 * Turns a message's rendered HTML (Zulip's Markdown output) into the plain text a system
 * notification can show. Main has no DOM, so this walks htmlparser2's tree, which also decodes
 * entities. Like Zulip's web app it shows emoji as characters, math as its TeX source, hides
 * spoiler contents, and shortens quotes of earlier messages when there is a reply around them.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';

type DomNode = ReturnType<typeof parseDocument>['children'][number];
type DomElement = Extract<DomNode, { attribs: unknown }>;
type DomText = Extract<DomNode, { type: typeof ElementType.Text }>;

// domutils no longer re-exports domhandler's type guards, and domhandler is not ours to import.
const isElement = (node: DomNode): node is DomElement => 'attribs' in node;
const isText = (node: DomNode): node is DomText => node.type === ElementType.Text;

export interface HtmlText {
  text: string;
  /** An image, inline preview or uploaded file link: says "(attached file)" when text is empty. */
  hasAttachment: boolean;
}

const BLOCK = new Set('p div li ul ol blockquote pre table tr hr h1 h2 h3 h4 h5 h6'.split(' '));
const SKIPPED = new Set(['script', 'style', 'template', 'head']);

function classes(el: DomElement): string[] {
  return (el.attribs['class'] ?? '').split(/\s+/);
}

/** Zulip names a Unicode emoji's code points in its class: emoji-1f468-200d-1f4bb. */
function emojiFromClass(el: DomElement): string | null {
  const name = classes(el).find((c) => /^emoji-[0-9a-f]+(-[0-9a-f]+)*$/.test(c));
  if (!name) return null;
  try {
    return String.fromCodePoint(
      ...name
        .slice('emoji-'.length)
        .split('-')
        .map((hex) => parseInt(hex, 16)),
    );
  } catch {
    return null;
  }
}

class TextWriter {
  out = '';
  hasAttachment = false;
  #pre = 0;

  text(data: string): void {
    this.out += this.#pre > 0 ? data : data.replace(/\s+/g, ' ');
  }

  newline(): void {
    if (this.out !== '' && !this.out.endsWith('\n')) this.out += '\n';
  }

  nodes(nodes: readonly DomNode[], collapseQuotes: boolean): void {
    for (const node of nodes) this.node(node, collapseQuotes);
  }

  node(node: DomNode, collapseQuotes: boolean): void {
    if (isText(node)) return this.text(node.data);
    if (!isElement(node) || SKIPPED.has(node.name)) return;
    const cls = classes(node);
    if (cls.includes('emoji'))
      return this.text(emojiFromClass(node) ?? node.attribs['alt'] ?? DomUtils.textContent(node));
    if (cls.includes('katex')) return this.math(node);
    if (cls.includes('spoiler-content')) return this.text(' (…)');
    if (node.name === 'img' || cls.includes('message_inline_image')) this.hasAttachment = true;
    if (node.name === 'a' && (node.attribs['href'] ?? '').startsWith('/user_uploads/')) this.hasAttachment = true;
    if (node.name === 'br') return this.newline();
    if (node.name === 'blockquote' && collapseQuotes) {
      this.newline();
      this.text('[Quoted text]');
      return this.newline();
    }
    const block = BLOCK.has(node.name);
    if (block) this.newline();
    if (node.name === 'pre') this.#pre++;
    this.nodes(node.children, false);
    if (node.name === 'pre') this.#pre--;
    if (block) this.newline();
  }

  /** KaTeX output carries its TeX source in an annotation; the rest is layout. */
  math(el: DomElement): void {
    const source = DomUtils.findOne((n) => n.name === 'annotation', el.children);
    this.text(source ? `$$${DomUtils.textContent(source).trim()}$$` : DomUtils.textContent(el));
  }
}

/** True when the top level has text outside blockquotes, i.e. the quotes are context for a reply. */
function hasReplyAroundQuotes(nodes: readonly DomNode[]): boolean {
  return nodes.some((n) => !(isElement(n) && n.name === 'blockquote') && DomUtils.textContent(n).trim() !== '');
}

/** Plain text of rendered message HTML, with blank lines and spaces at line ends removed. */
export function htmlToText(html: string): HtmlText {
  const doc = parseDocument(html);
  const writer = new TextWriter();
  const collapse = hasReplyAroundQuotes(doc.children);
  writer.nodes(doc.children, collapse);
  const text = writer.out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
  return { text, hasAttachment: writer.hasAttachment };
}
