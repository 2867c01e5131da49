/**
 * Zulip's math: `$$…$$` inline and ```math blocks are drawn by KaTeX on the server, as Zulip does
 * (HTML for the eye plus MathML for screen readers and copying). TeX KaTeX cannot parse stays as
 * Zulip shows it: the source in a `tex-error` span.
 */
import { createRequire } from 'node:module';
import type KaTeX from 'katex';
import type { MarkdownIt, StateInline } from 'markdown-it';

/** Loaded on the first formula: most servers started by tests never draw one. */
let katex: typeof KaTeX | null = null;
function loadKatex(): typeof KaTeX {
  katex ??= createRequire(import.meta.url)('katex') as typeof KaTeX;
  return katex;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** KaTeX's markup for a formula, or Zulip's tex-error span. */
export function renderTex(tex: string, displayMode: boolean): string {
  try {
    return loadKatex().renderToString(tex, { displayMode, output: 'htmlAndMathml', throwOnError: true, trust: false });
  } catch {
    return `<span class="tex-error">${escapeHtml(displayMode ? tex : `$$${tex}$$`)}</span>`;
  }
}

/** The ```math block: each paragraph of it is one display formula, in a paragraph of its own. */
export function mathBlock(content: string): string {
  return content
    .split(/\n\s*\n/)
    .map((tex) => tex.trim())
    .filter((tex) => tex !== '')
    .map((tex) => `<p>${renderTex(tex, true)}</p>\n`)
    .join('');
}

export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'zulip_inline_math', (state: StateInline, silent: boolean) => {
    if (!state.src.startsWith('$$', state.pos)) return false;
    // A closing $$ right after a backslash is an escaped dollar sign inside the formula.
    let end = state.src.indexOf('$$', state.pos + 2);
    while (end > 0 && state.src[end - 1] === '\\') end = state.src.indexOf('$$', end + 1);
    if (end < 0) return false;
    const tex = state.src.slice(state.pos + 2, end);
    if (tex.trim() === '' || tex.includes('\n')) return false;
    if (!silent) state.push('zulip_html', '', 0).content = renderTex(tex, false);
    state.pos = end + 2;
    return true;
  });
}
