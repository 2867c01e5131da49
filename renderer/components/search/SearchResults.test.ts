import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchState } from '../../state/search.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import SearchResults from './SearchResults.svelte';

function setup(bridge: MemoryBridge, alertWords: readonly string[] = []) {
  const search = new SearchState(bridge.client(), 'acc-1');
  const onOpen = vi.fn();
  render(SearchResults, {
    search,
    sidebar: sidebar(),
    selfUserId: SELF_ID,
    baseUrl: 'https://chat.example.com',
    alertWords,
    onOpen,
  });
  return { search, onOpen, user: userEvent.setup() };
}

describe('SearchResults', () => {
  it('lists where each result is and opens its conversation', async () => {
    const bridge = new MemoryBridge().handle('search:query', () => ({
      messages: [
        message({ id: 7, contentHtml: '<p>lunch at noon</p>' }),
        message({ id: 5, channelId: null, topic: '', dmUserIds: [SELF_ID, 11], contentHtml: '<p>lunch?</p>' }),
      ],
      phase: 'merged' as const,
      serverConsulted: true,
    }));
    const { search, onOpen, user } = setup(bridge);
    await search.run('lunch');
    expect(await screen.findByRole('status')).toHaveTextContent('Searched the server');
    const results = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem');
    expect(results).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Direct message with Alice Adams' }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'dm', userIds: [11] });
    await user.click(screen.getByRole('button', { name: '#general > greetings' }));
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'topic', channelId: 1, topic: 'greetings' });
  });

  it('says when only the cache was searched', async () => {
    const bridge = new MemoryBridge().handle('search:query', () => ({
      messages: [],
      phase: 'merged' as const,
      serverConsulted: false,
      serverError: 'the server is unreachable',
    }));
    const { search } = setup(bridge);
    await search.run('lunch');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Offline: showing messages cached on this computer only (the server is unreachable).',
    );
    expect(screen.getByText('No messages match.')).toBeInTheDocument();
  });

  it('highlights alert words and marks results that mention the user or hold one', async () => {
    const bridge = new MemoryBridge().handle('search:query', () => ({
      messages: [
        message({ id: 9, senderName: 'Ann', contentHtml: '<p>Deploy at noon</p>', alerted: true }),
        message({ id: 8, senderName: 'Bo', contentHtml: '<p>@Me, lunch?</p>', mentioned: true }),
        message({ id: 7, senderName: 'Cy', contentHtml: '<p>redeploy later</p>' }),
      ],
      phase: 'merged' as const,
      serverConsulted: true,
    }));
    const { search } = setup(bridge, ['deploy']);
    await search.run('is:alerted');
    const ann = await screen.findByRole('article', { name: 'Result from Ann' });
    expect(within(ann).getByRole('mark')).toHaveTextContent('Deploy');
    expect(within(ann).getByRole('img', { name: 'Contains one of your alert words' })).toBeInTheDocument();
    const bo = screen.getByRole('article', { name: 'Result from Bo' });
    expect(within(bo).getByRole('img', { name: 'Mentions you' })).toBeInTheDocument();
    const cy = screen.getByRole('article', { name: 'Result from Cy' });
    expect(within(cy).queryByRole('mark')).toBeNull();
    expect(within(cy).queryByRole('img')).toBeNull();
  });

  it("shows the cache's results at once and replaces them with the merged list when the server answers", async () => {
    let answerMerged: (() => void) | undefined;
    const merged = new Promise<void>((resolve) => (answerMerged = resolve));
    const phases: string[] = [];
    const bridge = new MemoryBridge().handle('search:query', async ({ phase }) => {
      phases.push(phase ?? 'merged');
      if (phase === 'cache') {
        return { phase: 'cache' as const, messages: [message({ id: 7, senderName: 'Ann' })], serverConsulted: false };
      }
      await merged;
      return {
        phase: 'merged' as const,
        messages: [message({ id: 9, senderName: 'Bo' }), message({ id: 7, senderName: 'Ann' })],
        serverConsulted: true,
      };
    });
    const { search } = setup(bridge);
    const done = search.run('lunch');
    // The server has not answered (and will not until told): the cache's result is on screen.
    expect(await screen.findByRole('article', { name: 'Result from Ann' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing messages on this computer; searching the server');
    expect(screen.queryByRole('article', { name: 'Result from Bo' })).toBeNull();
    expect(phases.sort()).toEqual(['cache', 'merged']);
    answerMerged!();
    await done;
    expect(await screen.findByRole('article', { name: 'Result from Bo' })).toBeInTheDocument();
    const results = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('article');
    expect(results.map((r) => r.getAttribute('aria-label'))).toEqual(['Result from Bo', 'Result from Ann']);
    expect(screen.getByRole('status')).toHaveTextContent('Searched the server');
  });

  it('keeps a late cache answer from replacing the merged one', async () => {
    let answerCache: (() => void) | undefined;
    const cacheHeld = new Promise<void>((resolve) => (answerCache = resolve));
    const bridge = new MemoryBridge().handle('search:query', async ({ phase }) => {
      if (phase === 'cache') {
        await cacheHeld;
        return { phase: 'cache' as const, messages: [message({ id: 3, senderName: 'Old' })], serverConsulted: false };
      }
      return { phase: 'merged' as const, messages: [message({ id: 9, senderName: 'Bo' })], serverConsulted: true };
    });
    const { search } = setup(bridge);
    const done = search.run('lunch');
    expect(await screen.findByRole('article', { name: 'Result from Bo' })).toBeInTheDocument();
    answerCache!();
    await done;
    expect(screen.queryByRole('article', { name: 'Result from Old' })).toBeNull();
    expect(search.serverPending).toBe(false);
  });

  it('shows a refused query', async () => {
    const bridge = new MemoryBridge().handle('search:query', () => {
      throw new CallFailure('INVALID_ARGUMENT', 'Search does not know the operator "foo:".');
    });
    const { search } = setup(bridge);
    await search.run('foo:bar');
    expect(await screen.findByRole('alert')).toHaveTextContent('operator "foo:"');
  });
  it('says "Invalid operator" when the server refuses an operand, not that it is offline', async () => {
    const bridge = new MemoryBridge().handle('search:query', ({ phase }) => ({
      phase: phase ?? 'merged',
      messages: [],
      serverConsulted: false,
      serverError: 'Invalid narrow operator: unknown user nobody@example.com',
    }));
    const { search } = setup(bridge);
    await search.run('sender:nobody@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid operator: unknown user nobody@example.com.');
    expect(screen.queryByText(/Offline/)).toBeNull();
    expect(screen.queryByText('No messages match.')).toBeNull();
  });

  it('marks the searched words where words of a result start with them, and heads the page with the whole query', async () => {
    const bridge = new MemoryBridge().handle('search:query', ({ phase }) => ({
      phase: phase ?? 'merged',
      messages: [
        message({ id: 9, senderName: 'Ann', contentHtml: '<p>Lunches at noon, <code>lunch</code> brunch</p>' }),
      ],
      serverConsulted: true,
    }));
    const { search } = setup(bridge);
    const query = 'channel:general lunch topic:"team plans" is:starred';
    await search.run(query);
    const ann = await screen.findByRole('article', { name: 'Result from Ann' });
    // "Lunches" starts with "lunch"; "brunch" does not, and code is left alone.
    expect(
      within(ann)
        .getAllByRole('mark')
        .map((m) => m.textContent),
    ).toEqual(['Lunch']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Search results: ${query}`);
  });
});
