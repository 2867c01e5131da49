import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import MessageEditor from './MessageEditor.svelte';

describe('MessageEditor', () => {
  it('saves on Enter, keeps Shift+Enter for a new line, and cancels on Escape', async () => {
    const saved: string[] = [];
    const onCancel = vi.fn();
    render(MessageEditor, { initial: 'first', onSave: async (c: string) => void saved.push(c), onCancel });
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await user.type(box, '{Shift>}{Enter}{/Shift}second');
    expect(saved).toEqual([]);
    await user.keyboard('{Enter}');
    expect(saved).toEqual(['first\nsecond']);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
