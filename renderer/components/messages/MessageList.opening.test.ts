import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../common/model';
import { MessagesState } from '../../state/messages.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageList from './MessageList.svelte';

const NARROW = { kind: 'topic', channelId: 1, topic: 'greetings' } as const;
const LABEL = '#general > greetings';

function history(unreadFrom: number | null): MessageView[] {
  return Array.from({ length: 300 }, (_, i) =>
    message({
      id: 1000 + i,
      timestamp: 1_700_000_000 + i * 600,
      read: unreadFrom === null || i < unreadFrom,
      contentHtml: `<p>number ${i}</p>`,
    }),
  );
}

/**
 * Opens the list on `messages` and counts every message row virtua builds (an <article> added to
 * the page) until the opening has settled: the rows above its anchor came in and the list says
 * where the narrow begins.
 */
async function openCountingMounts(messages: MessageView[]): Promise<{ mounts: number; texts: Set<string> }> {
  const bridge = new MemoryBridge()
    .handle('view:open', () => null)
    .handle('messages:page', (args) => ({
      narrow: args.narrow,
      messages,
      foundOldest: true,
      foundNewest: true,
      fromCache: true,
    }));
  const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  await state.open(NARROW);
  let mounts = 0;
  const texts = new Set<string>();
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const article of [...(node.matches('article') ? [node] : []), ...node.querySelectorAll('article')]) {
          mounts += 1;
          texts.add(article.textContent ?? '');
        }
      }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  render(MessageList, {
    messages: state,
    sidebar: sidebar(),
    label: LABEL,
    baseUrl: 'https://chat.example.com',
    onOpen: () => {},
  });
  await screen.findByText(`This is the beginning of ${LABEL}.`, undefined, { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return { mounts, texts };
}

describe('MessageList opening', () => {
  it('builds only the rows around the end when it opens at the newest message', async () => {
    const { mounts, texts } = await openCountingMounts(history(null));
    expect(screen.getByText('number 299')).toBeInTheDocument();
    // A 768 px window of 20 px lines holds ~38 rows, virtua adds a few on each side: no row of the
    // page's top is built on the way to the end.
    expect(mounts).toBeLessThan(60);
    expect([...texts].some((text) => text.includes('number 0'))).toBe(false);
  });

  it('opens at the first unread message, in view at once, without building the rows above it first', async () => {
    const { mounts, texts } = await openCountingMounts(history(150));
    const list = screen.getByRole('list', { name: LABEL });
    const anchor = within(list).getByText('number 150').closest('[role="listitem"]');
    expect(anchor).toHaveAttribute('aria-posinset', '151');
    expect(mounts).toBeLessThan(60);
    expect([...texts].some((text) => text.includes('number 0'))).toBe(false);
  });
});
