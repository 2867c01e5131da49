/**
 * Trusting the OS certificate store. This machine's Node may predate tls.getCACertificates /
 * setDefaultCACertificates (Electron's Node has them), so the store is a stand-in for node:tls
 * where the API is missing, and the real module where it is present.
 */
import * as tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { trustSystemCertificates, type CaStore } from '../../../main/api/system-ca';

function standInStore(system: string[] | Error) {
  let defaults = ['bundled-1', 'bundled-2'];
  const store: CaStore = {
    getCACertificates: (kind) => {
      if (kind === 'system') {
        if (system instanceof Error) throw system;
        return system;
      }
      return defaults;
    },
    setDefaultCACertificates: (certificates) => void (defaults = certificates),
  };
  return { store, defaults: () => defaults };
}

describe("trusting the system's certificate authorities", () => {
  it('adds the system store to the bundled list, once each', () => {
    const { store, defaults } = standInStore(['corporate-ca', 'bundled-2']);
    expect(trustSystemCertificates(store)).toEqual({ trusted: 'system', added: 1 });
    expect(defaults()).toEqual(['bundled-1', 'bundled-2', 'corporate-ca']);
    expect(trustSystemCertificates(store)).toEqual({ trusted: 'system', added: 0 });
    expect(defaults()).toEqual(['bundled-1', 'bundled-2', 'corporate-ca']);
  });

  it('keeps the bundled list, and says why, where the runtime or the store cannot help', () => {
    expect(trustSystemCertificates({})).toMatchObject({
      trusted: 'bundled-only',
      reason: expect.stringContaining("cannot read the system's certificate store"),
    });
    const broken = standInStore(new Error('keychain locked'));
    expect(trustSystemCertificates(broken.store)).toMatchObject({
      trusted: 'bundled-only',
      reason: expect.stringContaining('keychain locked'),
    });
    expect(broken.defaults()).toEqual(['bundled-1', 'bundled-2']);
  });

  it("answers for this runtime's node:tls without throwing", () => {
    const supported = typeof (tls as CaStore).setDefaultCACertificates === 'function';
    expect(trustSystemCertificates().trusted).toBe(supported ? 'system' : 'bundled-only');
  });
});
