import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsp, RENDERER_CSP, rendererCspHeader, serializeCsp } from '../../main/shell/csp';

const indexHtml = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');

function metaPolicy(html: string): string | null {
  const tag = /<meta\s[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/is.exec(html)?.[0];
  return tag ? (/content=(["'])(.*?)\1/is.exec(tag)?.[2] ?? null) : null;
}

describe('renderer CSP', () => {
  it('is the same in renderer/index.html as the header the transports send', () => {
    const meta = metaPolicy(indexHtml);
    expect(meta, 'renderer/index.html needs a CSP meta tag').not.toBeNull();
    expect(parseCsp(meta ?? '')).toEqual(RENDERER_CSP);
  });

  it('locks scripts to the app and forbids plugins, framing and base rewrites', () => {
    const header = parseCsp(rendererCspHeader());
    expect(header['default-src']).toEqual(["'none'"]);
    expect(header['script-src']).toEqual(["'self'"]);
    expect(header['object-src']).toEqual(["'none'"]);
    expect(header['base-uri']).toEqual(["'none'"]);
    expect(header['frame-ancestors']).toEqual(["'none'"]);
    expect(header['connect-src']).toEqual(["'self'"]);
    for (const sources of Object.values(header)) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(header['script-src']).not.toContain("'unsafe-inline'");
  });

  it('round-trips through serialize and parse', () => {
    expect(parseCsp(serializeCsp(RENDERER_CSP))).toEqual(RENDERER_CSP);
    expect(parseCsp("script-src 'self'; SCRIPT-SRC *; ; img-src")).toEqual({ 'script-src': ["'self'"], 'img-src': [] });
  });
});
