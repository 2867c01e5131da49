import { parseTemplate } from 'url-template';

/**
 * RFC 6570 URI templates for code playgrounds. The url-template library expands templates but
 * accepts malformed ones silently, so the syntax (section 2 of the RFC) is checked here, which
 * also yields the variable names Zulip's rule needs: exactly one variable, named `code`.
 */
const PCT_ENCODED = /^%[0-9A-Fa-f]{2}$/;
/** Characters RFC 6570 excludes from literals: controls, space, and "'%<>\^`{|} (% only when not an escape). */
const NOT_LITERAL = new Set(['"', "'", '%', '<', '>', '\\', '^', '`', '{', '|', '}']);

function isLiteral(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code > 0x20 && code !== 0x7f && !NOT_LITERAL.has(ch);
}
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
const VARSPEC = /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::[1-9][0-9]{0,3}|\*)?$/;

export class TemplateSyntaxError extends Error {}

/** The template's variable names in order of appearance; throws TemplateSyntaxError if malformed. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    if (ch === '{') {
      const end = template.indexOf('}', i);
      if (end < 0) throw new TemplateSyntaxError('unclosed expression');
      names.push(...expressionVariables(template.slice(i + 1, end)));
      i = end + 1;
    } else if (ch === '%') {
      if (!PCT_ENCODED.test(template.slice(i, i + 3))) throw new TemplateSyntaxError('bad percent-encoding');
      i += 3;
    } else {
      const codePoint = String.fromCodePoint(template.codePointAt(i)!);
      if (!isLiteral(codePoint)) throw new TemplateSyntaxError(`character ${JSON.stringify(codePoint)} not allowed`);
      i += codePoint.length;
    }
  }
  return names;
}

function expressionVariables(body: string): string[] {
  let list = body;
  const operator = list[0] ?? '';
  if (RESERVED_OPERATORS.has(operator)) throw new TemplateSyntaxError(`reserved operator ${operator}`);
  if (OPERATORS.has(operator)) list = list.slice(1);
  if (list.length === 0) throw new TemplateSyntaxError('empty expression');
  return list.split(',').map((spec) => {
    const match = VARSPEC.exec(spec);
    if (!match) throw new TemplateSyntaxError(`bad variable ${JSON.stringify(spec)}`);
    return match[1]!;
  });
}

/** Expands the template with a code sample, as a client opening the playground would. */
export function expandTemplate(template: string, code: string): string {
  return parseTemplate(template).expand({ code });
}
