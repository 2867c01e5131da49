/**
 * messageText reads the text from htmlparser2's parser events instead of a document tree. The
 * tree is built from those same events, so the tree's text is the oracle here: for any HTML
 * (generated: nested blocks and inline elements, entities, scripts and styles, stray closing
 * tags, unclosed ones) both give the same words, block edges and has:link.
 */
import fc from 'fast-check';
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../../main/search/message-text';

type DomNode = ReturnType<typeof parseDocument>['children'][number];
const BLOCK = new Set('p div li ul ol blockquote pre table thead tbody tr td th br hr h1 h2 h3 h4 h5 h6'.split(' '));

/** The text as a walk of the document tree gives it (what messageText returned before; plain text as it is). */
function textFromTree(html: string): { text: string; hasLink: boolean } {
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

const TAGS = [
  'p',
  'div',
  'li',
  'ul',
  'br',
  'hr',
  'pre',
  'td',
  'a',
  'b',
  'code',
  'em',
  'span',
  'script',
  'style',
  'A',
  'P',
];
const piece = fc.oneof(
  fc.constantFrom(
    'word',
    'two words',
    ' ',
    '\n',
    '&amp;',
    '&lt;',
    '&quot;',
    '&#39;',
    '&nbsp;',
    '&bogus;',
    'x<y',
    '<!-- c -->',
  ),
  fc.constantFrom(...TAGS).map((t) => `<${t}>`),
  fc.constantFrom(...TAGS).map((t) => `</${t}>`),
  fc.constantFrom('<a href="https://example.com">', '<br/>', '<img src="x.png" alt="pic">', '<span class="x">'),
  fc.string({ maxLength: 4 }),
);

describe('messageText', () => {
  it('gives the words, block edges and has:link of a Zulip-rendered message', () => {
    const html =
      '<p>Hi <strong>there</strong>, see <a href="https://x.test">the docs</a></p><ul><li>one</li><li>two</li></ul>' +
      '<div class="codehilite"><pre><code>a &lt; b</code></pre></div>';
    expect(messageText(html)).toEqual({ text: 'Hi there, see the docs one two a < b', hasLink: true });
    expect(messageText('<p>x<script>alert(1)</script><style>p{}</style>y</p>')).toEqual({ text: 'xy', hasLink: false });
  });

  it('agrees with the document tree on any HTML', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        expect(messageText(html)).toEqual(textFromTree(html));
      }),
      { numRuns: 2000 },
    );
  });
});
