import { describe, expect, it } from 'vitest';
import { playgroundTemplateProblem } from './uriTemplate';

describe('playgroundTemplateProblem', () => {
  it('accepts templates with exactly one {code} variable', () => {
    expect(playgroundTemplateProblem('https://play.example.com/?code={code}')).toBeNull();
    expect(playgroundTemplateProblem('https://play.example.com/run{?code}')).toBeNull();
    expect(playgroundTemplateProblem('https://play.example.com/#{+code}')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(playgroundTemplateProblem('')).toMatch(/Enter a URL template/);
    expect(playgroundTemplateProblem('ftp://x/{code}')).toMatch(/http/);
    expect(playgroundTemplateProblem('https://x/?q=1')).toMatch(/needs the variable \{code\}/);
    expect(playgroundTemplateProblem('https://x/{code')).toMatch(/never closed/);
    expect(playgroundTemplateProblem('https://x/code}')).toMatch(/without a matching/);
    expect(playgroundTemplateProblem('https://x/{lang}/{code}')).toMatch(/exactly one variable.*\{lang\}, \{code\}/);
    expect(playgroundTemplateProblem('https://x/{source}')).toMatch(/exactly one variable/);
    expect(playgroundTemplateProblem('https://x/{co de}')).toMatch(/not a valid template expression/);
  });
});
