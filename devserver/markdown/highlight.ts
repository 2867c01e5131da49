/**
 * Code blocks as Zulip sends them: Pygments' markup (`<div class="codehilite"
 * data-code-language="Python"><pre><span></span><code>` with short token classes such as `k`,
 * `nf`, `s2`), produced here by highlight.js with its scopes mapped to Pygments' token classes,
 * so clients style the dev server's code exactly as a real server's. An unknown language stays
 * plain, its name as the author wrote it (as on Zulip).
 */
import { createRequire } from 'node:module';
import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';

/**
 * The languages this server highlights (what chat code blocks mostly hold); the full set of
 * highlight.js costs over a second at every start of the server. Others stay plain, named as typed.
 */
// prettier-ignore
const LANGUAGES = [
  'bash', 'c', 'cpp', 'css', 'diff', 'dockerfile', 'go', 'haskell', 'ini', 'java', 'javascript',
  'json', 'kotlin', 'latex', 'makefile', 'markdown', 'perl', 'php', 'plaintext', 'python', 'r',
  'ruby', 'rust', 'scala', 'shell', 'sql', 'swift', 'typescript', 'xml', 'yaml',
];
const require = createRequire(import.meta.url);
for (const name of LANGUAGES) {
  hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`) as LanguageFn);
}

/**
 * Zulip labels a block with the name of the Pygments lexer it chose, which is not always
 * highlight.js's name: by the language as typed (Pygments lexer names; TeX and Python 2.x as
 * zulip-markdown-cases.json shows them), else highlight.js's own name.
 */
const PYGMENTS_NAMES: Readonly<Record<string, string>> = {
  tex: 'TeX',
  latex: 'TeX',
  ini: 'INI',
  cfg: 'INI',
  plaintext: 'Text only',
  text: 'Text only',
  txt: 'Text only',
  r: 'S',
  shell: 'Bash',
  sh: 'Bash',
  zsh: 'Bash',
  xml: 'XML',
  html: 'HTML',
  py2: 'Python 2.x',
  python2: 'Python 2.x',
};

/** Names Pygments knows that highlight.js spells otherwise. */
const HLJS_NAMES: Readonly<Record<string, string>> = {
  py2: 'python',
  python2: 'python',
  text: 'plaintext',
  txt: 'plaintext',
  cfg: 'ini',
};

/** highlight.js scope (its first part) → Pygments token class. */
const PYGMENTS_CLASS: Readonly<Record<string, string>> = {
  keyword: 'k',
  built_in: 'nb',
  type: 'kt',
  literal: 'kc',
  number: 'mi',
  operator: 'o',
  punctuation: 'p',
  property: 'py',
  regexp: 'sr',
  string: 's',
  subst: 'si',
  symbol: 'ss',
  class: 'nc',
  function: 'nf',
  title: 'nf',
  'title.class': 'nc',
  'title.function': 'nf',
  params: 'n',
  comment: 'c1',
  doctag: 'sd',
  meta: 'cp',
  'meta-keyword': 'cp',
  'meta-string': 'cpf',
  section: 'gh',
  tag: 'nt',
  name: 'nt',
  attr: 'na',
  attribute: 'na',
  variable: 'nv',
  'variable.language': 'bp',
  'template-variable': 'nv',
  bullet: 'm',
  code: 's',
  emphasis: 'ge',
  strong: 'gs',
  formula: 's',
  link: 's',
  quote: 'c1',
  'selector-tag': 'nt',
  'selector-id': 'nn',
  'selector-class': 'nc',
  'selector-attr': 'na',
  'selector-pseudo': 'nc',
  addition: 'gi',
  deletion: 'gd',
};

function pygmentsClass(scopes: string): string {
  // highlight.js writes `hljs-title function_`; the first name and its refinement decide.
  const [first = '', second = ''] = scopes.split(/\s+/).map((s) => s.replace(/^hljs-/, '').replace(/_+$/, ''));
  return PYGMENTS_CLASS[`${first}.${second}`] ?? PYGMENTS_CLASS[first] ?? 'n';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The codehilite block for fenced code with an info string's language (may be empty). */
export function codeBlock(code: string, lang: string): string {
  const hljsName = HLJS_NAMES[lang.toLowerCase()] ?? lang;
  const language = lang === '' ? undefined : hljs.getLanguage(hljsName);
  if (!language) {
    const attr = lang ? ` data-code-language="${escapeHtml(lang)}"` : '';
    return `<div class="codehilite"${attr}><pre><span></span><code>${escapeHtml(code)}</code></pre></div>\n`;
  }
  const highlighted = hljs
    .highlight(code, { language: hljsName, ignoreIllegals: true })
    .value.replace(/<span class="([^"]+)">/g, (_whole, scopes: string) => `<span class="${pygmentsClass(scopes)}">`);
  const name = PYGMENTS_NAMES[lang.toLowerCase()] ?? language.name ?? lang;
  return `<div class="codehilite" data-code-language="${escapeHtml(name)}"><pre><span></span><code>${highlighted}</code></pre></div>\n`;
}
