/**
 * Plain words for the low-level reasons fetch fails. Node's fetch (undici) throws a bare
 * "fetch failed" TypeError and hides the useful system error code in `cause`.
 */

const REASONS: Record<string, string> = {
  ENOTFOUND: 'no server with that name was found (DNS)',
  EAI_AGAIN: 'the name could not be looked up right now (DNS)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate is from an authority this computer does not trust',
  UNABLE_TO_GET_ISSUER_CERT: 'its TLS certificate is from an authority this computer does not trust',
  CERT_NOT_YET_VALID: 'its TLS certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for a different name',
  EPROTO: 'the TLS handshake failed',
};

/** Walks the cause chain for the first system error code. */
export function findFailureCode(e: unknown): string | null {
  let current: unknown = e;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The reason in words only ("the connection was refused"), for a line a user reads. */
export function networkFailureWords(e: unknown): string {
  const code = findFailureCode(e);
  return code ? (REASONS[code] ?? 'the connection failed') : 'the connection failed';
}

/** A short human reason such as "the connection was refused (ECONNREFUSED)", for logs and sign-in. */
export function describeNetworkFailure(e: unknown): string {
  const code = findFailureCode(e);
  if (code) return `${REASONS[code] ?? 'the connection failed'} (${code})`;
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : null;
  if (cause) return cause;
  return e instanceof Error ? e.message : String(e);
}
