/**
 * Zulip's parameter encoding: every value travels as a form field; strings go as they are and
 * everything else (numbers, booleans, arrays, objects, null) as JSON text, which is what the
 * server's JSON-typed parameters expect and is also valid for its plain integer/boolean ones.
 */
import { clampRetryAfter } from '../delays';

/**
 * A string parameter the server reads as JSON (its OpenAPI encoding says application/json, e.g.
 * topics_policy): sent with its quotes, `"inherit"`, where a plain string would be refused.
 */
export class JsonEncoded {
  constructor(readonly value: string) {}
}

/** Marks a string parameter as JSON-typed; undefined stays undefined (the parameter is left out). */
export function jsonString<T extends string>(value: T | undefined): JsonEncoded | undefined {
  return value === undefined ? undefined : new JsonEncoded(value);
}

/** One form value, or undefined when the parameter should be left out. */
export function encodeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof JsonEncoded) return JSON.stringify(value.value);
  if (typeof value === 'string') return value;
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    throw new TypeError(`Cannot send a ${typeof value} as an API parameter`);
  }
  return JSON.stringify(value);
}

/** Parameters as URLSearchParams (used for both query strings and form bodies). Undefined values are skipped. */
export function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const encoded = encodeValue(value);
    if (encoded !== undefined) out.append(key, encoded);
  }
  return out;
}

/** HTTP Basic credentials: base64 of `email:apiKey` in UTF-8. */
export function basicAuthHeader(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`, 'utf8').toString('base64')}`;
}

/**
 * Retry-After is either delta-seconds or an HTTP date; returns milliseconds from now (capped at
 * MAX_RETRY_AFTER_MS: a server cannot park a client for weeks), or null.
 */
export function parseRetryAfterHeader(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return clampRetryAfter(Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : clampRetryAfter(date - now);
}
