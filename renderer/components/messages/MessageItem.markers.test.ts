import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../common/model';
import { message, SELF_ID } from '../../testing/fixtures';
import MessageItem from './MessageItem.svelte';

function show(view: MessageView): HTMLElement {
  render(MessageItem, { message: view, continued: false, baseUrl: 'https://chat.example.com', selfUserId: SELF_ID });
  return screen.getByRole('article');
}

describe('MessageItem markers and /me', () => {
  it('marks a moved message, and an edited one as edited', () => {
    expect(show(message({ id: 1, moved: true }))).toHaveTextContent('(moved)');
  });

  it('prefers "edited" when a message was both edited and moved', () => {
    const article = show(message({ id: 2, moved: true, edited: true }));
    expect(article).toHaveTextContent('(edited)');
    expect(article).not.toHaveTextContent('(moved)');
  });

  it('shows a /me message as an action of its sender, the name escaped', () => {
    const article = show(
      message({ id: 3, isMe: true, senderName: 'Ada <b>L</b>', contentHtml: '<p>/me is excited</p>' }),
    );
    expect(article).toHaveTextContent('Ada <b>L</b> is excited');
    expect(article.textContent).not.toContain('/me');
    expect(article.querySelector('.content b')).toBeNull();
  });
});
