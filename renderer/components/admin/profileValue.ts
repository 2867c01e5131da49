/**
 * What a custom profile field's stored value reads as. The server stores a choice as its key
 * and a person field as a JSON list of user IDs; people read the choice's text and the names.
 * Text fields are Markdown: the server's rendering of them (rendered_value) is shown instead of
 * the source when the value carries one.
 */
import type { ProfileFieldView, UserDetails } from '../../../common/model';

const CHOICE = 3;
/** Zulip's "Link" type (a URL), shown as a link to it. */
const LINK = 5;
const PERSON = 6;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type ProfileValue = UserDetails['profileData'][string];

/** The server's HTML for a Markdown value (unsanitized: for SafeHtml only), or null to show the text. */
export function profileValueHtml(field: ProfileFieldView, value: ProfileValue): string | null {
  if (field.type === CHOICE || field.type === PERSON) return null;
  if (field.type === LINK) {
    // Only a web address becomes a link (SafeHtml sanitizes it and opens it outside the app).
    if (!/^https?:\/\//i.test(value.value.trim())) return null;
    const url = escapeHtml(value.value.trim());
    return `<a href="${url}">${url}</a>`;
  }
  return value.renderedValue ?? null;
}

export function profileValueText(
  field: ProfileFieldView,
  value: string,
  nameOf: (userId: number) => string | undefined,
): string {
  if (field.type === CHOICE) {
    const choice = field.fieldData[value] as { text?: unknown } | undefined;
    return typeof choice?.text === 'string' ? choice.text : value;
  }
  if (field.type === PERSON) {
    const ids = parseIds(value);
    if (ids) return ids.map((id) => nameOf(id) ?? `Unknown user (${id})`).join(', ');
  }
  return value;
}

function parseIds(value: string): number[] | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'number') ? parsed : null;
  } catch {
    return null;
  }
}
