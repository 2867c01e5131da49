/**
 * A small INI reader with the rules of Python's configparser, which is what reads zuliprc
 * files for Zulip's own tools: `name = value` or `name: value`, names case-insensitive,
 * whole-line comments starting with # or ;, indented lines continuing the previous value,
 * and no inline comments (a # inside a value is part of it). The npm `ini` package differs on
 * each of these (it turns "true" into a boolean and cuts values at ; or #), hence this file.
 *
 * Errors give a line number and never quote the line, which may hold an API key.
 */

export type IniSections = Map<string, Map<string, string>>;

export class IniSyntaxError extends Error {
  override readonly name = 'IniSyntaxError';
}

const SECTION = /^\[(.+)\]$/;
const OPTION = /^(.*?)\s*[=:]\s*(.*)$/;

/**
 * Parses INI text into section → (lower-case name → value). A byte-order mark and any of
 * CRLF, LF or CR line ends are accepted. Section names are lower-cased too, so [API] is [api];
 * a section or name given twice is an error, as in configparser's strict mode, because which
 * one wins is a guess.
 */
export function parseIni(text: string): IniSections {
  const sections: IniSections = new Map();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let section: Map<string, string> | null = null;
  let sectionName = '';
  let lastName: string | null = null;

  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const stripped = line.trim();
    if (stripped === '' || stripped.startsWith('#') || stripped.startsWith(';')) {
      // A blank line ends a value; a comment does not (configparser skips it).
      if (stripped === '') lastName = null;
      return;
    }
    if (/^\s/.test(line) && section && lastName !== null) {
      section.set(lastName, `${section.get(lastName) ?? ''}\n${stripped}`);
      return;
    }
    const header = SECTION.exec(stripped);
    if (header) {
      sectionName = (header[1] ?? '').trim().toLowerCase();
      if (sections.has(sectionName))
        throw new IniSyntaxError(`line ${lineNo}: the section [${sectionName}] appears twice`);
      section = new Map();
      sections.set(sectionName, section);
      lastName = null;
      return;
    }
    const option = OPTION.exec(stripped);
    const name = option?.[1]?.trim().toLowerCase() ?? '';
    if (!option || name === '') {
      throw new IniSyntaxError(`line ${lineNo} is not a [section], a comment or a "name = value" setting`);
    }
    if (!section) throw new IniSyntaxError(`line ${lineNo} is a setting that comes before any [section] header`);
    if (section.has(name)) throw new IniSyntaxError(`line ${lineNo}: "${name}" is set twice in [${sectionName}]`);
    section.set(name, option[2] ?? '');
    lastName = name;
  });
  return sections;
}
