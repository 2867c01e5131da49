import { describe, expect, it } from 'vitest';
import { classesOfStylesheet, sanitizeLaunchPicture } from '../../../main/launch-picture/sanitize';

/** The classes of the app's build, as its stylesheet names them. */
const APP = classesOfStylesheet(
  '.home.svelte-1{display:grid}.open,.scroller{overflow:auto}.log>.message{margin:0}.avatar{width:32px}' +
    '@media (min-width:1.5em){.link:hover{color:red}}',
);

const clean = (html: string): string => sanitizeLaunchPicture(html, APP);

describe('classesOfStylesheet', () => {
  it('finds every class a selector names, and no numbers', () => {
    expect([...APP].sort()).toEqual(['avatar', 'home', 'link', 'log', 'message', 'open', 'scroller', 'svelte-1']);
  });
});

describe('sanitizeLaunchPicture', () => {
  it('keeps what the window is drawn with: app classes, its inline styles, roles, labels, drawn avatars', () => {
    // Written as the sanitizer writes markup back (void elements closed, styles normalised).
    const html =
      '<div class="home svelte-1"><nav aria-label="Channels" role="navigation"><button type="button" class="open">general</button></nav>' +
      '<div class="scroller" style="overflow:hidden"><div class="log" role="log" aria-label="#general" style="translate:0px -800px">' +
      '<article class="message"><span class="avatar" style="width:32px;height:32px"></span>' +
      '<time datetime="2026-11-27T01:00:00Z">01:00</time><p>Hello <strong>there</strong></p></article></div></div>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="drawn" /><textarea placeholder="Message #general" rows="1"></textarea></div>';
    expect(clean(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, links, ids and fields that load or post anything', () => {
    const html =
      '<div id="app" onclick="steal()"><script>steal()</script><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:steal()" class="link">a link</a><img src="javascript:steal()" onerror="steal()" alt="x">' +
      '<form action="https://evil.example"><input type="image" src="https://evil.example/i.png"><input type="password" value="hunter2">' +
      '<label for="f">Topic</label><input type="text" value="lunch"></form><style>body{display:none}</style>' +
      '<object data="x.swf"></object><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"></div>';
    expect(clean(html)).toBe(
      '<div><a class="link">a link</a><img alt="x" /><form><label>Topic</label><input type="text" /></form></div>',
    );
  });

  // #25 item 5: a changed picture drew a full-window "Session expired: sign in at https://evil.test"
  // and loaded remote resources.
  it('keeps no style that places, layers or loads anything, only the closed list of properties', () => {
    expect(
      clean(
        '<div style="position:fixed;inset:0;z-index:99;background:url(https://evil.test/x.png);width:100%">' +
          'Session expired: sign in at https://evil.test</div>',
      ),
    ).toBe('<div style="width:100%">Session expired: sign in at https://evil.test</div>');
    expect(clean('<p style="background-color:url(https://evil.test/a)">a</p>')).toBe('<p>a</p>');
    expect(clean('<p style="color: red&quot;><script>x()</script>">a</p>')).toBe('<p>a</p>');
    expect(clean('<p style="position:absolute;top:0;left:0">a</p>')).toBe('<p>a</p>');
  });

  it('keeps only classes of the app’s own build', () => {
    expect(clean('<div class="home backdrop fullscreen-login">a</div><p class="nope">b</p>')).toBe(
      '<div class="home">a</div><p>b</p>',
    );
  });

  it('allows no image from anywhere but the app and its drawn data: images', () => {
    expect(
      clean(
        '<img src="https://chat.example/avatar/1.png" alt="a"><img src="http://evil.test/x.png" alt="b">' +
          '<img src="file:///etc/passwd" alt="c"><img src="//evil.example/x.png" alt="d">' +
          '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="e"><img src="./assets/logo.png" alt="f">',
      ),
    ).toBe('<img alt="a" /><img alt="b" /><img alt="c" /><img alt="d" /><img src="./assets/logo.png" alt="f" />');
  });

  it('keeps the markup inside the layer it is put in: stray closing tags go, open ones are closed', () => {
    expect(clean('</div></div><p>x</p>')).toBe('<p>x</p>');
    expect(clean('<div><p>a</div></div></div><b>b</b>')).toBe('<div><p>a</p></div><b>b</b>');
    expect(clean('<!-- </div> --><div>open <span>more')).toBe('<div>open <span>more</span></div>');
  });
});
