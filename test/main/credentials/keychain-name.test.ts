/** Settings names the keychain the account's key is in (#25 item 10): the one keytar uses per system. */
import { describe, expect, it } from 'vitest';
import { keychainName } from '../../../main/credentials';

describe('keychainName', () => {
  it('names the keychain of each system in words its users know', () => {
    expect(keychainName('darwin')).toBe('the macOS Keychain (your login keychain)');
    expect(keychainName('win32')).toBe('the Windows Credential Manager');
    expect(keychainName('linux')).toBe('the Secret Service (GNOME Keyring or KWallet)');
    expect(keychainName('freebsd')).toBe('the Secret Service (GNOME Keyring or KWallet)');
  });
});
