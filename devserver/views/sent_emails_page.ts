import type { SentEmail } from '../store/confirmations';
import { escapeHtml, page } from './signup_page';

/** The mail the dev server sent, as Zulip's development server lists it at /emails/: who, subject, text. */
export function sentEmailsPage(emails: SentEmail[]): string {
  const items = emails.map(
    (email) =>
      `<article data-to="${escapeHtml(email.to_email)}"><h2>${escapeHtml(email.subject)}</h2>` +
      `<p>To: ${escapeHtml(email.to_email)}</p><pre>${escapeHtml(email.body)}</pre></article>`,
  );
  return page('Sent emails', `<h1>Sent emails</h1>\n${items.join('\n') || '<p>No mail has been sent.</p>'}`);
}
