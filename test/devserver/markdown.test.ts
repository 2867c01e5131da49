import { describe, expect, it } from 'vitest';
import type { MentionDirectory } from '../../devserver/markdown/directory';
import { renderMarkdown } from '../../devserver/markdown/render';

const people = [
  { id: 7, full_name: 'Ada Lovelace' },
  { id: 9, full_name: 'Grace Hopper' },
];
const directory: MentionDirectory = {
  userByName: (name) => people.find((p) => p.full_name.toLowerCase() === name.toLowerCase()),
  userById: (id) => people.find((p) => p.id === id),
  channelByName: (name) => (name === 'design' ? { id: 3, name: 'design' } : undefined),
};

describe('renderMarkdown', () => {
  it('renders user mentions and reports who was mentioned', () => {
    const out = renderMarkdown('hi @**Ada Lovelace** and @**Grace Hopper|9**', directory);
    expect(out.html).toBe(
      '<p>hi <span class="user-mention" data-user-id="7">@Ada Lovelace</span> and <span class="user-mention" data-user-id="9">@Grace Hopper</span></p>',
    );
    expect([...out.mentionedUserIds].sort()).toEqual([7, 9]);
  });

  it('does not notify for silent mentions, keeps unknown names as text, flags wildcards', () => {
    const silent = renderMarkdown('@_**Ada Lovelace** @**Nobody Here**', directory);
    expect(silent.html).toContain('<span class="user-mention silent" data-user-id="7">Ada Lovelace</span>');
    expect(silent.html).toContain('@<strong>Nobody Here</strong>');
    expect(silent.mentionedUserIds.size).toBe(0);
    expect(renderMarkdown('@**all** look', directory).channelWildcard).toBe(true);
    expect(renderMarkdown('@**topic** look', directory)).toMatchObject({ topicWildcard: true, channelWildcard: false });
  });

  it('links channels and topics, escaping the href', () => {
    const out = renderMarkdown('see #**design** and #**design>dark mode**', directory);
    expect(out.html).toContain('<a class="stream" data-stream-id="3" href="/#narrow/channel/3-design">#design</a>');
    expect(out.html).toContain(
      '<a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-design/topic/dark.20mode">#design &gt; dark mode</a>',
    );
    expect(renderMarkdown('#**nowhere**', directory).html).toBe('<p>#<strong>nowhere</strong></p>');
  });

  it('escapes raw HTML, breaks lines, opens links in a new tab, and marks /me', () => {
    const out = renderMarkdown('<img src=x onerror=alert(1)>\nnext https://example.com', directory);
    expect(out.html).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;<br>\nnext <a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a></p>',
    );
    expect(renderMarkdown('/me waves', directory).isMeMessage).toBe(true);
    expect(renderMarkdown('not /me', directory).isMeMessage).toBe(false);
  });

  it('wraps fenced code in codehilite markup and renders known emoji', () => {
    expect(renderMarkdown('```js\nlet a = "<b>";\n```', directory).html).toBe(
      '<div class="codehilite" data-code-language="JavaScript"><pre><span></span><code>' +
        '<span class="k">let</span> a = <span class="s">&quot;&lt;b&gt;&quot;</span>;\n</code></pre></div>',
    );
    expect(renderMarkdown(':tada: :not_an_emoji:', directory).html).toBe(
      '<p><span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span> :not_an_emoji:</p>',
    );
    // Zulip's names only: emoji-datasource's spellings stay text, as on a Zulip server.
    expect(renderMarkdown(':smile: :big_smile: :thinking_face: :flag_andorra:', directory).html).toBe(
      '<p><span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> ' +
        '<span aria-label="big smile" class="emoji emoji-1f604" role="img" title="big smile">:big_smile:</span> ' +
        ':thinking_face: ' +
        '<span aria-label="flag andorra" class="emoji emoji-1f1e6-1f1e9" role="img" title="flag andorra">:flag_andorra:</span></p>',
    );
  });

  it('previews uploaded images inline, and only those on this server', () => {
    const out = renderMarkdown('look [cat.png](/user_uploads/2/ab/cat.png) and https://example.com/a.png', directory);
    expect(out.html).toContain(
      '</p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/cat.png" title="cat.png">' +
        '<img src="/user_uploads/2/ab/cat.png"></a></div>',
    );
    expect(out.html.match(/<img /g)).toHaveLength(1);
    expect(renderMarkdown('[notes.pdf](/user_uploads/2/ab/notes.pdf)', directory).html).not.toContain('<img');
  });
});
