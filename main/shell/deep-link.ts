/**
 * zulip:// links the OS hands the app: the end of a browser sign-in (zulip://login?...).
 * macOS delivers them as an open-url event; Windows and Linux start a second instance with the
 * link among its arguments. Only sign-in links are taken; anything else is ignored.
 */

export const LOGIN_PROTOCOL = 'zulip';

/** True for a zulip://login link (its contents are checked later, by main/auth/sso.ts). */
export function isLoginLink(text: string): boolean {
  return /^zulip:\/\/login(?:[/?#]|$)/i.test(text.trim());
}

/** The sign-in link among a process's command-line arguments, if any. */
export function loginLinkIn(argv: readonly string[]): string | null {
  return argv.find(isLoginLink)?.trim() ?? null;
}

/**
 * Holds links that arrive before the core is ready (a cold start by the link itself) and
 * delivers them, in order, once it is.
 */
export class LinkInbox {
  readonly #early: string[] = [];
  #deliver: ((link: string) => void) | null = null;

  receive(link: string): void {
    if (!isLoginLink(link)) return;
    if (this.#deliver) this.#deliver(link.trim());
    else this.#early.push(link.trim());
  }

  ready(deliver: (link: string) => void): void {
    this.#deliver = deliver;
    for (const link of this.#early.splice(0)) deliver(link);
  }
}
