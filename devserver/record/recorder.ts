import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import type { ApiRoute } from '../http/route';
import { Router } from '../http/router';

/** One /api/v1 answer as the client received it. */
export interface ApiExchange {
  method: string;
  /** The request path, /api/v1 prefix included. */
  path: string;
  status: number;
  /** The JSON text of the body. */
  text: string;
  /** Set when a fault rule made the answer up instead of a route. */
  fault?: string;
}

/**
 * Writes every /api/v1 answer to a JSONL file for the conformance suite
 * (test/conformance/): one line `{method, path, route, status, fault, body}` per response, where
 * `route` is the matched route's template (e.g. `/messages/{message_id}`) or null when no route
 * matched. API keys are blanked, because recordings are test artifacts and keys never go to disk.
 */
export class ResponseRecorder {
  private readonly router: Router<ApiRoute>;
  private readonly out: WriteStream;
  private failed: Error | null = null;

  constructor(
    readonly file: string,
    routes: readonly ApiRoute[],
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.router = new Router(routes);
    this.out = createWriteStream(file, { flags: 'a' });
    // A full disk must not take the server down with it; the conformance suite will notice gaps.
    this.out.on('error', (error) => (this.failed = error));
  }

  record(exchange: ApiExchange): void {
    if (this.failed) return;
    const below = exchange.path.slice('/api/v1'.length);
    const found = this.router.lookup(exchange.method, below);
    const route = found.kind === 'found' ? found.match.route.path : null;
    const head = JSON.stringify({
      method: exchange.method,
      path: below,
      route,
      status: exchange.status,
      fault: exchange.fault ?? null,
    });
    // The body text is spliced in as is: it is already JSON, and parsing it again would be waste.
    this.out.write(`${head.slice(0, -1)},"body":${redactApiKeys(exchange.text)}}\n`);
  }

  /** Flushes and closes the file. */
  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(() => resolve()));
  }
}

/** Replaces every `"api_key":"…"` value by a placeholder of the same type. */
export function redactApiKeys(text: string): string {
  return text.replace(/"api_key":"(?:[^"\\]|\\.)*"/g, '"api_key":"<redacted>"');
}
