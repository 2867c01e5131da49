import { describe, expect, it } from 'vitest';
import { sanitizeLaunchPicture } from '../../../main/launch-picture/sanitize';

describe('sanitizeLaunchPicture', () => {
  it('keeps what the window is drawn with: classes, inline styles, roles, labels, avatars', () => {
    // Written as the sanitizer writes markup back (void elements closed).
    const html =
      '<div class="home svelte-1"><nav aria-label="Channels" role="navigation"><button type="button" class="open">general</button></nav>' +
      '<div class="scroller" style="overflow: hidden"><div class="log" role="log" aria-label="#general" style="translate: 0px -800px">' +
      '<article class="message"><img class="avatar" src="https://chat.example/avatar/1.png" alt="" width="32" height="32" />' +
      '<time datetime="2026-11-27T01:00:00Z">01:00</time><p>Hello <strong>there</strong></p></article></div></div>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="drawn" /><textarea placeholder="Message #general" rows="1">a draft</textarea></div>';
    expect(sanitizeLaunchPicture(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, links, ids and fields that load or post anything', () => {
    const html =
      '<div id="app" onclick="steal()"><script>steal()</script><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:steal()" class="link">a link</a><img src="javascript:steal()" onerror="steal()" alt="x">' +
      '<form action="https://evil.example"><input type="image" src="https://evil.example/i.png"><input type="password" value="hunter2">' +
      '<label for="f">Topic</label><input type="text" value="lunch"></form><style>body{display:none}</style>' +
      '<object data="x.swf"></object><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"></div>';
    const safe = sanitizeLaunchPicture(html);
    expect(safe).toBe(
      '<div><a class="link">a link</a><img alt="x" /><form><label>Topic</label><input type="text" value="lunch" /></form></div>',
    );
  });

  it('keeps a style inside its attribute', () => {
    expect(sanitizeLaunchPicture('<p style="color: red&quot;><script>x()</script>">a</p>')).toBe(
      '<p style="color: red&quot;&gt;&lt;script&gt;x()&lt;/script&gt;">a</p>',
    );
  });

  it('drops images from places the app never loads them from', () => {
    expect(
      sanitizeLaunchPicture('<img src="file:///etc/passwd" alt="a"><img src="//evil.example/x.png" alt="b">'),
    ).toBe('<img alt="a" /><img alt="b" />');
  });

  it('keeps the markup inside the layer it is put in: stray closing tags go, open ones are closed', () => {
    expect(sanitizeLaunchPicture('</div></div><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeLaunchPicture('<div><p>a</div></div></div><b>b</b>')).toBe('<div><p>a</p></div><b>b</b>');
    expect(sanitizeLaunchPicture('<!-- </div> --><div>open <span>more')).toBe('<div>open <span>more</span></div>');
  });
});
