/**
 * Zulip's rule for custom emoji names (zerver/lib/emoji.py check_valid_emoji_name), checked before
 * anything is sent, in the server's words. The web app turns spaces into underscores first.
 */
export function emojiNameProblem(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, '_');
  if (name === '') return 'Emoji name is missing';
  if (!/^[0-9a-z\-_]+$/.test(name)) {
    return 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.';
  }
  if (/[-_]$/.test(name)) return 'Emoji names must end with either a letter or digit.';
  return null;
}

/** The name as it will be sent (spaces as underscores, as Zulip's web app does). */
export function emojiNameToSend(raw: string): string {
  return raw.trim().replace(/\s+/g, '_');
}

/** A name suggested by the image's file name: `Party Parrot.gif` → `party_parrot`. */
export function emojiNameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
