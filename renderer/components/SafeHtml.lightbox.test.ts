import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SafeHtml from './SafeHtml.svelte';
import cases from '../testing/zulip-markdown-cases.json';

const BASE = cases.realm_url;
const inlineImage = cases.cases.find((c) => c.name === 'inline_image')!.expected_output;

describe('an inline image in a message', () => {
  it('opens large at its full-size source, with the original a link away, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(SafeHtml, { props: { html: inlineImage, baseUrl: BASE } });
    const preview = document.querySelector<HTMLImageElement>('.message_inline_image img')!;
    expect(preview.getAttribute('src')).toBe(
      `${BASE}/thumbnail?url=https%3A%2F%2Fwww.google.com%2Fimages%2Fsrpr%2Flogo4w.png&size=thumbnail`,
    );
    await user.click(preview);
    const dialog = screen.getByRole('dialog', { name: 'Image' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
      `${BASE}/thumbnail?url=https%3A%2F%2Fwww.google.com%2Fimages%2Fsrpr%2Flogo4w.png&size=full`,
    );
    expect(screen.getByRole('link', { name: 'Open original' }).getAttribute('href')).toBe(
      'https://www.google.com/images/srpr/logo4w.png',
    );
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('https://www.google.com/images/srpr/logo4w.png');
    expect(download.getAttribute('download')).toBe('logo4w.png');
    // Outside the message's contained box, so nothing clips it.
    expect(dialog.closest('.safe-html')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
