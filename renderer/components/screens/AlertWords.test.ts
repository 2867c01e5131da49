import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import AlertWords from './AlertWords.svelte';

function server(initial: string[]) {
  let words = [...initial];
  const bridge = new MemoryBridge()
    .handle('alertWords:list', () => words)
    .handle('alertWords:add', ({ words: added }) => {
      if (added.some((w) => w === 'refused')) throw new CallFailure('BAD_REQUEST', 'The server said no.');
      words = [...words, ...added];
      return null;
    })
    .handle('alertWords:remove', ({ words: gone }) => {
      words = words.filter((w) => !gone.includes(w));
      return null;
    });
  return { bridge, set: (next: string[]) => (words = next) };
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Your alert words' }))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('AlertWords', () => {
  it('lists the words, adds a trimmed one and removes another', async () => {
    const { bridge } = server(['deploy', 'code red']);
    render(AlertWords, { bridge: bridge.client(), accountId: 'acc-1' });
    const user = userEvent.setup();
    await vi.waitFor(() => expect(listed()).toEqual(['deploy', 'code red']));

    const box = screen.getByRole('textbox', { name: 'Word or phrase' });
    expect(screen.getByRole('button', { name: 'Add alert word' })).toBeDisabled();
    await user.type(box, '  outage ');
    await user.click(screen.getByRole('button', { name: 'Add alert word' }));
    expect(bridge.callsOf('alertWords:add')).toEqual([{ accountId: 'acc-1', words: ['outage'] }]);
    await vi.waitFor(() => expect(listed()).toEqual(['deploy', 'code red', 'outage']));
    expect(box).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove code red' }));
    expect(bridge.callsOf('alertWords:remove')).toEqual([{ accountId: 'acc-1', words: ['code red'] }]);
    await vi.waitFor(() => expect(listed()).toEqual(['deploy', 'outage']));
  });

  it('says when there are none, and keeps what was typed when the server refuses it', async () => {
    const { bridge } = server([]);
    render(AlertWords, { bridge: bridge.client(), accountId: 'acc-1' });
    const user = userEvent.setup();
    expect(await screen.findByText('No alert words yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Word or phrase' }), 'refused{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server said no.');
    expect(screen.getByRole('textbox', { name: 'Word or phrase' })).toHaveValue('refused');
    expect(listed()).toEqual([]);
  });

  it('refetches when main says the words changed elsewhere', async () => {
    const { bridge, set } = server(['one']);
    render(AlertWords, { bridge: bridge.client(), accountId: 'acc-1' });
    await vi.waitFor(() => expect(listed()).toEqual(['one']));
    set(['one', 'two']);
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['alertWords'] });
    await vi.waitFor(() => expect(listed()).toEqual(['one', 'two']));
  });
});
