import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiExchange } from '../record/recorder';
import { consume, matches, parseRule, type FaultRule } from './rules';

/**
 * The armed faults of one server and the requests they are holding. Each request takes at most
 * one latency rule and one other rule (the first armed that match), so "every request 200 ms
 * slower" and "the next poll hangs" can be combined.
 */
export class FaultInjector {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private readonly hung = new Set<IncomingMessage>();

  /** `onInjected` sees the JSON answers made up here (429 and 5xx), for the response recorder. */
  constructor(private readonly onInjected: (exchange: ApiExchange) => void = () => {}) {}

  /** Arms a fault from a control request body; throws FaultRequestError on bad input. */
  add(input: unknown): FaultRule {
    const rule = parseRule(input, this.nextId++);
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Disarms every fault and drops the connections held by hang faults. */
  clear(): { cleared: number; released: number } {
    const cleared = this.rules.length;
    const released = this.hung.size;
    this.rules = [];
    for (const req of this.hung) req.socket.destroy();
    this.hung.clear();
    return { cleared, released };
  }

  /** Applies the faults matching this request, and calls `next` unless one of them answered. */
  async apply(req: IncomingMessage, res: ServerResponse, path: string, next: () => Promise<void>): Promise<void> {
    const method = req.method ?? 'GET';
    const latency = this.take(method, path, (rule) => rule.kind === 'latency');
    const fault = this.take(method, path, (rule) => rule.kind !== 'latency');
    if (latency) await sleep(latency.latency_ms);
    if (!fault) return next();
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'hang':
        this.hung.add(req);
        req.socket.once('close', () => this.hung.delete(req));
        return;
      case 'rate_limit':
        return this.rateLimit(fault, method, path, res);
      case 'server_error':
        return this.serverError(fault, method, path, res);
      case 'malformed':
        return this.malformed(fault, res);
    }
  }

  private take(method: string, path: string, kind: (rule: FaultRule) => boolean): FaultRule | undefined {
    const rule = this.rules.find((candidate) => kind(candidate) && matches(candidate, method, path));
    if (rule && !consume(rule)) this.rules = this.rules.filter((other) => other !== rule);
    return rule;
  }

  /** Zulip's answer when a client exceeds its rate limit; the header is whole seconds, per HTTP. */
  private rateLimit(rule: FaultRule, method: string, path: string, res: ServerResponse): void {
    const wait = Math.ceil(rule.retry_after);
    const text = JSON.stringify({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': rule.retry_after,
    });
    this.send(res, 429, 'application/json', text, {
      'retry-after': String(wait),
      'x-ratelimit-limit': '200',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + wait),
    });
    this.onInjected({ method, path, status: 429, text, fault: rule.kind });
  }

  /** A 5xx as Zulip's Django answers it (JSON) or as the proxy in front of it does (HTML). */
  private serverError(rule: FaultRule, method: string, path: string, res: ServerResponse): void {
    const reason = STATUS_CODES[rule.status] ?? 'Server Error';
    if (rule.body === 'empty') return this.send(res, rule.status, 'text/plain', '');
    if (rule.body === 'html') {
      const page = `<html>\n<head><title>${rule.status} ${reason}</title></head>\n<body>\n<h1>${rule.status} ${reason}</h1>\n</body>\n</html>\n`;
      return this.send(res, rule.status, 'text/html', page);
    }
    const text = JSON.stringify({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    this.send(res, rule.status, 'application/json', text);
    this.onInjected({ method, path, status: rule.status, text, fault: rule.kind });
  }

  /** Says JSON, sends the first half of an object: parsers must fail, not hang or guess. */
  private malformed(rule: FaultRule, res: ServerResponse): void {
    this.send(res, rule.status, 'application/json', '{"result":"success","msg":"","events":[{"type":"mess');
  }

  private send(
    res: ServerResponse,
    status: number,
    contentType: string,
    text: string,
    headers: Record<string, string> = {},
  ): void {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }
}
