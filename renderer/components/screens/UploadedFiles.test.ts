import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AttachmentView } from '../../../common/model';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import { fileSize } from './fileSize';
import UploadedFiles from './UploadedFiles.svelte';

const file = (id: number, name: string, size: number, messages: number[] = []): AttachmentView => ({
  id,
  name,
  pathId: `1/ab/${id}/${name}`,
  size,
  createdAt: 1_790_000_000,
  messages: messages.map((m) => ({ id: m, sentAt: 1_790_000_100 })),
});

function setup(initial: AttachmentView[]) {
  let files = initial;
  const bridge = new MemoryBridge()
    .handle('attachments:list', () => files)
    .handle('attachments:delete', (a) => {
      if (a.id === 99) throw new CallFailure('BAD_REQUEST', 'Invalid attachment');
      files = files.filter((f) => f.id !== a.id);
      return null;
    });
  render(UploadedFiles, { bridge: bridge.client(), accountId: 'acc-1' });
  const elsewhere = (next: AttachmentView[]) => {
    files = next;
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['attachments'] });
  };
  return { bridge, elsewhere, user: userEvent.setup() };
}

describe('UploadedFiles', () => {
  it('lists each file with its size and the messages it is in, and deletes one', async () => {
    const { bridge, user } = setup([file(1, 'plan.pdf', 1536, [10, 11]), file(2, 'logo.png', 12)]);
    const plan = await screen.findByRole('row', { name: 'plan.pdf' });
    expect(plan).toHaveTextContent('2 messages');
    expect(plan).toHaveTextContent('1.5 KB');
    expect(screen.getByRole('row', { name: 'logo.png' })).toHaveTextContent('No messages');
    await user.click(within(plan).getByRole('button', { name: 'Delete plan.pdf' }));
    expect(bridge.callsOf('attachments:delete')).toEqual([{ accountId: 'acc-1', id: 1 }]);
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: 'plan.pdf' })).toBeNull());
  });

  it('follows an upload made elsewhere, and says when there are none', async () => {
    const { elsewhere } = setup([]);
    expect(await screen.findByText('You have not uploaded any files.')).toBeInTheDocument();
    elsewhere([file(3, 'notes.txt', 2048, [5])]);
    expect(await screen.findByRole('row', { name: 'notes.txt' })).toHaveTextContent('1 message');
  });

  it('says why a file could not be deleted and keeps it', async () => {
    const { user } = setup([file(99, 'stuck.txt', 5)]);
    await user.click(await screen.findByRole('button', { name: 'Delete stuck.txt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid attachment');
    expect(screen.getByRole('row', { name: 'stuck.txt' })).toBeInTheDocument();
  });

  it('writes sizes as people read them', () => {
    expect([0, 12, 1023, 1024, 1536, 10 * 1024 + 300, 5 * 1024 * 1024].map(fileSize)).toEqual([
      '0 B',
      '12 B',
      '1023 B',
      '1 KB',
      '1.5 KB',
      '10 KB',
      '5 MB',
    ]);
  });
});
