/**
 * Links into the organization's own web app (`https://chat.example.com/#narrow/...`): channel and
 * topic links, DM links, links to a message. They open inside Parley instead of the browser.
 * Zulip encodes hash operands with `.` for `%` (".20" is a space).
 */
import type { Narrow } from '../../common/model';

function decodeOperand(operand: string): string {
  try {
    return decodeURIComponent(operand.replace(/\.([0-9A-Fa-f]{2})/g, '%$1'));
  } catch {
    return operand;
  }
}

/** "12-general" → 12 (the ID leads; the name after it is only decoration). */
function leadingId(operand: string): number | null {
  const match = /^(\d+)(?:-|$)/.exec(operand);
  return match ? Number(match[1]) : null;
}

/** The narrow a link leads to, or null when it is not a narrow link of this organization. */
export function narrowFromLink(href: string, realmUrl: string, selfUserId: number): Narrow | null {
  let url: URL;
  let realm: URL;
  try {
    url = new URL(href);
    realm = new URL(realmUrl);
  } catch {
    return null;
  }
  if (url.origin !== realm.origin || !url.hash.startsWith('#narrow/')) return null;
  const parts = url.hash.slice('#narrow/'.length).split('/');
  let channelId: number | null = null;
  let topic: string | null = null;
  let dm: number[] | null = null;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const operator = parts[i]!;
    const operand = parts[i + 1]!;
    if (operator === 'channel' || operator === 'stream') channelId = leadingId(operand);
    else if (operator === 'topic' || operator === 'subject') topic = decodeOperand(operand);
    else if (operator === 'dm' || operator === 'pm-with') {
      const ids = operand.split('-')[0]!.split(',').map(Number);
      dm = ids.every((n) => Number.isInteger(n) && n > 0) ? ids : null;
    }
  }
  if (channelId !== null) return topic !== null ? { kind: 'topic', channelId, topic } : { kind: 'channel', channelId };
  if (dm !== null) return { kind: 'dm', userIds: dm.filter((id) => id !== selfUserId).sort((a, b) => a - b) };
  return null;
}
