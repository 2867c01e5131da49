/**
 * Test helper: removes every entry a test stored under its throwaway keychain service.
 *
 * gnome-keyring answers a search with item paths and then reads each item; when another test file
 * (the files run in parallel against one keyring) deletes one of its own items in between, the
 * read fails with "No such secret item at path" although nothing of ours is missing. The search
 * is asked again then (full run of 2026-11-28: push-wiring's cleanup failed so).
 */
import keytar from 'keytar';

const ATTEMPTS = 5;

export async function forgetKeychainService(service: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
      return;
    } catch (e) {
      const vanished = e instanceof Error && /No such secret item/i.test(e.message);
      if (!vanished || attempt >= ATTEMPTS) throw e;
    }
  }
}
