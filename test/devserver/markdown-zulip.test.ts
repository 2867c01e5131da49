/**
 * The dev server draws math and code as a Zulip server does, measured against Zulip's own
 * Markdown cases (renderer/testing/zulip-markdown-cases.json): KaTeX's markup for `$$…$$` and
 * ```math, and Pygments-style `codehilite` blocks with Zulip's language names and token classes.
 */
import { describe, expect, it } from 'vitest';
import { renderPlain } from '../../devserver/markdown/render';
import cases from '../../renderer/testing/zulip-markdown-cases.json';

const byName = (name: string) => cases.cases.find((c) => c.name === name)!;

describe('dev server Markdown against Zulip’s cases', () => {
  it.each(['tex_inline', 'tex_money', 'tex_fenced_math', 'tex_inline_permissive_spacing'])(
    '%s: math is KaTeX’s markup, exactly as Zulip sends it',
    (name) => {
      const c = byName(name);
      expect(renderPlain(c.input)).toBe(c.expected_output);
    },
  );

  it('keeps TeX that KaTeX cannot parse as Zulip’s tex-error', () => {
    expect(renderPlain('$$\\frac{1$$')).toBe('<p><span class="tex-error">$$\\frac{1$$</span></p>');
  });

  it('highlights code with Pygments’ token classes and Zulip’s language name', () => {
    const html = renderPlain(byName('codeblock_hilite_python').input);
    expect(html).toContain('<div class="codehilite" data-code-language="Python"><pre><span></span><code>');
    expect(html).toContain('<span class="k">def</span> <span class="nf">speak</span>');
    expect(html).toContain('<span class="mi">1</span>');
    expect(html).not.toContain('hljs');
    const c = byName('codeblock_hilite_invented_language');
    expect(renderPlain(c.input)).toBe(c.expected_output);
    // Pygments' lexer names, as Zulip's own cases label them (highlight.js says "LaTeX", "Python").
    for (const name of ['tex_fenced_tex', 'tex_fenced_latex']) {
      expect(renderPlain(byName(name).input)).toContain('data-code-language="TeX"');
    }
    expect(renderPlain(byName('codeblock_canonicalize_lang_alias').input)).toContain('data-code-language="Python 2.x"');
    expect(renderPlain('```\n<b>x</b>\n```')).toBe(
      '<div class="codehilite"><pre><span></span><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre></div>',
    );
  });
});
