import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import KeyStorage from './KeyStorage.svelte';

describe('KeyStorage (#25 item 10)', () => {
  it('names the keychain that holds the account’s key', () => {
    render(KeyStorage, {
      keychain: { kind: 'keychain', name: 'the Windows Credential Manager' },
      realmUrl: 'https://chat.example.com',
    });
    const section = screen.getByRole('region', { name: 'Where your sign-in is kept' });
    expect(section).toHaveTextContent(
      'The API key for this account on chat.example.com is kept in the Windows Credential Manager',
    );
    expect(section).toHaveTextContent('never writes it to its own files');
  });

  it('says the key is kept for this session only, and why, when no keychain answered', () => {
    render(KeyStorage, {
      keychain: { kind: 'memory', reason: 'Could not load keytar: libsecret-1.so.0 is missing' },
      realmUrl: 'https://chat.example.com',
    });
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('kept in memory for this session only');
    expect(note).toHaveTextContent('(Could not load keytar: libsecret-1.so.0 is missing)');
    expect(note).toHaveTextContent('sign in again after Parley restarts');
  });
});
