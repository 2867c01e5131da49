import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { MemoryBridge } from '../../testing/memoryBridge';
import AlertWords from './AlertWords.svelte';

describe('AlertWords with a server that lists a word twice', () => {
  it('shows each word once instead of failing to render', async () => {
    const bridge = new MemoryBridge().handle('alertWords:list', () => ['deploy', 'outage', 'deploy']);
    render(AlertWords, { bridge: bridge.client(), accountId: 'acc-1' });
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your alert words' }))
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['deploy', 'outage']),
    );
  });
});
