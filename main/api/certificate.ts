/**
 * When a server's TLS certificate cannot be verified (a private or corporate CA, an expired or
 * misnamed certificate), Node's fetch says only "fetch failed". This names the certificate the
 * server presented — subject, issuer, SHA-256 fingerprint, validity — so the person can check it
 * with whoever runs the server. It connects once more, reads the certificate and hangs up before
 * sending a byte: nothing is ever sent over a connection that failed verification, and nothing
 * offers to trust it.
 */
import { connect, type PeerCertificate } from 'node:tls';
import { findFailureCode } from './network';

const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function isCertificateFailure(e: unknown): boolean {
  const code = findFailureCode(e);
  return code !== null && CERTIFICATE_CODES.has(code);
}

function name(part: PeerCertificate['subject'] | undefined): string {
  const field = (key: string) => {
    const value = (part as Record<string, string | string[] | undefined> | undefined)?.[key];
    return Array.isArray(value) ? value[0] : value;
  };
  return field('CN') ?? field('O') ?? 'an unnamed subject';
}

/** One line naming the certificate `url`'s server presents, or null when it cannot be read in time. */
export function describeServerCertificate(url: URL, timeoutMs = 3000): Promise<string | null> {
  if (url.protocol !== 'https:') return Promise.resolve(null);
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = connect({
      host,
      port: Number(url.port || 443),
      // Only to read what the server presents; the socket is closed before any data is written.
      rejectUnauthorized: false,
      ...(/^[\d.:]+$/.test(host) ? {} : { servername: host }),
    });
    const done = (text: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.once('error', () => done(null));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (!cert || Object.keys(cert).length === 0) return done(null);
      done(
        `the server presented a certificate for ${name(cert.subject)}, issued by ${name(cert.issuer)}, ` +
          `SHA-256 ${cert.fingerprint256}, valid ${cert.valid_from} to ${cert.valid_to}`,
      );
    });
  });
}
