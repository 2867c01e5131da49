/**
 * The words of a notification: titles for channels and DMs, bodies from rendered message HTML
 * as a Zulip server produces it.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText, MAX_BODY_CHARS, notificationText, type NotificationTextInput } from '../../../main/notifications';

const channel = { kind: 'channel', channelName: 'design', topic: 'logo' } as const;

function text(overrides: Partial<NotificationTextInput>): { title: string; body: string } {
  return notificationText({
    senderName: 'Alice',
    to: channel,
    contentHtml: '<p>Hello</p>',
    pmContentInDesktopNotifications: true,
    ...overrides,
  });
}

describe('notification titles', () => {
  it('names the channel and topic of a channel message', () => {
    expect(text({}).title).toBe('Alice (#design > logo)');
  });

  it("shows the empty topic under the realm's name for it", () => {
    expect(text({ to: { ...channel, topic: '' } }).title).toBe('Alice (#design > general chat)');
    expect(text({ to: { ...channel, topic: '' }, emptyTopicDisplayName: 'misc' }).title).toBe('Alice (#design > misc)');
  });

  it('says "to you" for a one-to-one DM and names the others of a group DM', () => {
    expect(text({ to: { kind: 'dm', otherRecipientNames: [] } }).title).toBe('Alice (to you)');
    expect(text({ to: { kind: 'dm', otherRecipientNames: ['Bob'] } }).title).toBe('Alice (to you and Bob)');
    expect(text({ to: { kind: 'dm', otherRecipientNames: ['Bob', 'Carol'] } }).title).toBe(
      'Alice (to you and Bob and Carol)',
    );
    expect(text({ to: { kind: 'dm', otherRecipientNames: ['Bob', 'Carol', 'Dave'] } }).title).toBe(
      'Alice (to you and Bob, Carol, and Dave)',
    );
  });

  it('counts the others of a group DM when their names would not fit', () => {
    const names = ['Bartholomew Longname', 'Carolina Evenlongername', 'Dave'];
    expect(text({ to: { kind: 'dm', otherRecipientNames: names } }).title).toBe('Alice (to you and 3 more)');
  });
});

describe('notification bodies', () => {
  it('hides DM content when pm_content_in_desktop_notifications is off', () => {
    const dm = { kind: 'dm', otherRecipientNames: [] } as const;
    expect(text({ to: dm, contentHtml: '<p>the secret plan</p>', pmContentInDesktopNotifications: false }).body).toBe(
      'New direct message from Alice',
    );
    expect(text({ to: dm, contentHtml: '<p>the secret plan</p>' }).body).toBe('the secret plan');
  });

  it('still shows channel content when pm_content_in_desktop_notifications is off', () => {
    expect(text({ contentHtml: '<p>lunch?</p>', pmContentInDesktopNotifications: false }).body).toBe('lunch?');
  });

  it('writes a /me message as "<sender> does something"', () => {
    expect(text({ contentHtml: '<p>/me waves</p>', isMeMessage: true }).body).toBe('Alice waves');
    expect(text({ contentHtml: '<p>/me waves</p>' }).body).toBe('/me waves');
  });

  it('says "(attached file)" for a message that is only an image', () => {
    const html =
      '<div class="message_inline_image"><a href="/user_uploads/2/ab/cat.png" title="cat.png"><img src="/user_uploads/thumbnail/2/ab/cat.png/840x560.webp"></a></div>';
    expect(text({ contentHtml: html }).body).toBe('(attached file)');
  });

  it(`cuts long messages to ${MAX_BODY_CHARS} characters`, () => {
    const body = text({ contentHtml: `<p>${'word '.repeat(200)}</p>` }).body;
    expect([...body].length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(body.endsWith('word…')).toBe(true);
  });

  it('gives an empty body for empty content rather than failing', () => {
    expect(text({ contentHtml: '' }).body).toBe('');
  });
});

describe('htmlToText', () => {
  // prettier-ignore
  it.each([
    ['inline markup and entities', '<p>Hello <strong>world</strong> &amp; <em>friends</em> &lt;3</p>', 'Hello world & friends <3'],
    ['paragraphs and line breaks', '<p>one</p>\n<p>two<br>three</p>', 'one\ntwo\nthree'],
    ['lists', '<ul>\n<li>apples</li>\n<li>pears</li>\n</ul>', 'apples\npears'],
    ['mentions', '<p><span class="user-mention" data-user-id="9">@Bob</span> <span class="user-group-mention" data-user-group-id="3">@design</span> hi</p>', '@Bob @design hi'],
    ['Unicode emoji by code point', '<p>ok <span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span></p>', 'ok 👍'],
    ['multi-code-point emoji', '<p><span class="emoji emoji-1f468-200d-1f4bb" title="technologist">:technologist:</span></p>', '👨‍💻'],
    ['custom emoji by their alt text', '<p><img alt=":parrot:" class="emoji" src="/user_avatars/2/emoji/parrot.gif" title="parrot"></p>', ':parrot:'],
    ['math as TeX', '<p><span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">x2</span></span> grows</p>', '$$x^2$$ grows'],
    ['spoilers hidden', '<div class="spoiler-block"><div class="spoiler-header"><p>Ending</p></div><div class="spoiler-content" aria-hidden="true"><p>they win</p></div></div>', 'Ending\n(…)'],
    ['code blocks kept', '<div class="codehilite"><pre><span></span><code>let x = 1;\nlet y = 2;\n</code></pre></div>', 'let x = 1;\nlet y = 2;'],
    ['quotes collapsed around a reply', '<p><span class="user-mention silent">Bob</span> said:</p>\n<blockquote>\n<p>old words</p>\n</blockquote>\n<p>new words</p>', 'Bob said:\n[Quoted text]\nnew words'],
    ['a quote alone kept', '<blockquote>\n<p>only a quote</p>\n</blockquote>', 'only a quote'],
    ['scripts and styles dropped', '<p>safe</p><script>alert(1)</script><style>p{}</style>', 'safe'],
    ['unclosed tags', '<p>unclosed <b>bold', 'unclosed bold'],
    ['runs of whitespace', '<p>a  \n\t b</p>', 'a b'],
  ])('turns %s into text', (_what, html, expected) => {
    expect(htmlToText(html).text).toBe(expected);
  });

  it('notes images and uploaded files', () => {
    expect(htmlToText('<p><a href="/user_uploads/2/ab/report.pdf">report.pdf</a></p>')).toEqual({
      text: 'report.pdf',
      hasAttachment: true,
    });
    expect(htmlToText('<p><a href="https://example.com">a link</a></p>').hasAttachment).toBe(false);
  });
});
