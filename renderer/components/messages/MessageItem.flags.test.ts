import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../common/model';
import { message, SELF_ID } from '../../testing/fixtures';
import MessageItem from './MessageItem.svelte';

function show(view: MessageView, alertWords: readonly string[] = []) {
  render(MessageItem, {
    message: view,
    continued: false,
    baseUrl: 'https://chat.example.com',
    selfUserId: SELF_ID,
    alertWords,
  });
  return screen.getByRole('article', { name: `Message from ${view.senderName}` });
}

describe('MessageItem alert words and mentions', () => {
  it('highlights the alert words in the text, not in code or link targets', () => {
    const article = show(
      message({
        contentHtml:
          '<p>Quokkafest starts, see <a href="https://x.example/quokkafest">the quokkafest page</a></p>' +
          '<pre><code>quokkafest --dry-run</code></pre><p>quokkafestival</p>',
      }),
      ['quokkafest'],
    );
    const marks = within(article).getAllByRole('mark');
    expect(marks.map((m) => m.textContent)).toEqual(['Quokkafest', 'quokkafest']);
    expect(within(article).getByRole('link', { name: 'the quokkafest page' })).toHaveAttribute(
      'href',
      'https://x.example/quokkafest',
    );
    expect(within(article).getByText('quokkafest --dry-run').querySelector('mark')).toBeNull();
  });

  it('keeps markup-looking words and message text as text after sanitizing', () => {
    const word = '<img src=x onerror=alert(1)>';
    const article = show(
      message({ contentHtml: `<p>&lt;img src=x onerror=alert(1)&gt; quoted</p><img src=x onerror="alert(2)">` }),
      [word],
    );
    expect(within(article).getByRole('mark')).toHaveTextContent(word);
    const images = article.querySelectorAll('img');
    // The one real image of the message survives, without its handler; the word added none.
    expect(images).toHaveLength(1);
    expect(images[0]!.hasAttribute('onerror')).toBe(false);
  });

  it('marks a message that mentions the user, or holds an alert word, with a labelled bar', () => {
    const mention = show(message({ id: 1, senderName: 'Ann', mentioned: true, alerted: true }));
    expect(within(mention).getByRole('img', { name: 'Mentions you' })).toBeInTheDocument();

    const alerted = show(message({ id: 2, senderName: 'Bo', alerted: true }));
    expect(within(alerted).getByRole('img', { name: 'Contains one of your alert words' })).toBeInTheDocument();

    const plain = show(message({ id: 3, senderName: 'Cy', mentioned: false, alerted: false }));
    expect(within(plain).queryByRole('img', { name: /Mentions you|alert words/ })).toBeNull();
  });
});
