import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';

describe('alert words from the server', () => {
  it('keeps a word the server listed twice once, in the server order', () => {
    const store = AccountStore.open(':memory:');
    try {
      store.alertWords.replaceAll(['deploy', 'outage', 'deploy', 'Deploy']);
      expect(store.alertWords.all()).toEqual(['deploy', 'outage', 'Deploy']);
    } finally {
      store.close();
    }
  });
});
