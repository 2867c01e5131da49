/**
 * Servers behind a private or corporate CA: browsers trust the CAs in the operating system's
 * certificate store, Node's fetch only its own bundled list, and the NODE_OPTIONS fuse rules out
 * --use-system-ca. Where the runtime can (Node 22.19+/24.5+: tls.getCACertificates('system') and
 * tls.setDefaultCACertificates), the core's thread trusts the system's CAs as well as the
 * bundled ones, so a server a browser on the same machine accepts is accepted here too. Nothing
 * is ever trusted that neither list holds.
 */
import * as tls from 'node:tls';
import type { Logger } from '../log';

type CaKind = 'default' | 'system' | 'bundled' | 'extra';
/** The part of node:tls this needs; older runtimes lack both functions. */
export interface CaStore {
  getCACertificates?: (kind?: CaKind) => string[];
  setDefaultCACertificates?: (certificates: string[]) => void;
}

export type SystemCaOutcome = { trusted: 'system'; added: number } | { trusted: 'bundled-only'; reason: string };

export function trustSystemCertificates(store: CaStore = tls as CaStore, log?: Logger): SystemCaOutcome {
  if (!store.getCACertificates || !store.setDefaultCACertificates) {
    const reason = `this runtime (Node ${process.versions.node}) cannot read the system's certificate store`;
    log?.info(`TLS: only the bundled certificate authorities are trusted: ${reason}`);
    return { trusted: 'bundled-only', reason };
  }
  const current = store.getCACertificates('default');
  let system: string[];
  try {
    system = store.getCACertificates('system');
  } catch (e) {
    const reason = `the system's certificate store could not be read (${e instanceof Error ? e.message : String(e)})`;
    log?.warn(`TLS: only the bundled certificate authorities are trusted: ${reason}`);
    return { trusted: 'bundled-only', reason };
  }
  const known = new Set(current);
  const added = system.filter((certificate) => !known.has(certificate));
  if (added.length > 0) store.setDefaultCACertificates([...current, ...added]);
  log?.info('TLS: the system certificate store is trusted too', { added: added.length });
  return { trusted: 'system', added: added.length };
}
