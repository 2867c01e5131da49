/**
 * Client-side check of a code playground's URL template, so the user reads a clear message
 * before the server answers with a terse one. The server wants an RFC 6570 template with
 * exactly one variable, named `code` (api-v1.md 4.22).
 */

/** Operators RFC 6570 allows at the start of an expression ({+code}, {#code}, ...). */
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

/** Null when the template is usable, else what is wrong with it, in a sentence. */
export function playgroundTemplateProblem(template: string): string | null {
  const text = template.trim();
  if (text === '') return 'Enter a URL template, like https://example.com/run?code={code}.';
  if (!/^https?:\/\//i.test(text)) return 'The URL template must start with http:// or https://.';
  const variables: string[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open < 0) {
      if (close >= 0) return 'The URL template has a "}" without a matching "{".';
      break;
    }
    if (close >= 0 && close < open) return 'The URL template has a "}" without a matching "{".';
    if (close < 0) return 'The URL template has a "{" that is never closed.';
    let expression = rest.slice(open + 1, close);
    if (expression.includes('{')) return 'Expressions in the URL template cannot be nested.';
    if (OPERATORS.has(expression[0] ?? '')) expression = expression.slice(1);
    for (const spec of expression.split(',')) {
      // A variable may carry a modifier: a prefix length (:3) or explode (*).
      const name = spec.replace(/(?::[1-9]\d{0,3}|\*)$/, '');
      if (!VARNAME.test(name)) return `"{${rest.slice(open + 1, close)}}" is not a valid template expression.`;
      variables.push(name);
    }
    rest = rest.slice(close + 1);
  }
  if (variables.length === 0) return 'The URL template needs the variable {code}, where the code goes.';
  if (variables.length > 1 || variables[0] !== 'code') {
    return `The URL template must use exactly one variable, {code} (it has ${variables.map((v) => `{${v}}`).join(', ')}).`;
  }
  return null;
}
