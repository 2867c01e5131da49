/**
 * Zulip's OpenAPI file, loaded once: finding the operation for a concrete request path, and the
 * response schemas each operation declares.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Schema } from './normalize';

/** `../shared/reference/zulip-openapi.yaml` relative to the repository root (PARLEY_OPENAPI_FILE overrides it). */
export const OPENAPI_FILE =
  process.env['PARLEY_OPENAPI_FILE'] ??
  fileURLToPath(new URL('../../../../shared/reference/zulip-openapi.yaml', import.meta.url));

export function openApiAvailable(): boolean {
  return existsSync(OPENAPI_FILE);
}

export function loadOpenApi(file: string = OPENAPI_FILE): Schema {
  return parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Schema;
}

export interface Operation {
  /** The OpenAPI path template, e.g. `/users/{user_id}`. */
  template: string;
  method: string;
  /** `responses` of the operation, keyed by status ("200", "400", ...). */
  responses: Record<string, Schema>;
}

interface Candidate {
  template: string;
  segments: Array<{ literal: string } | { param: string; integer: boolean }>;
  operations: Record<string, Schema>;
}

/** Matches concrete paths to the file's templates; literal segments beat parameters (`/users/me`). */
export class OperationIndex {
  private readonly candidates: Candidate[];

  constructor(
    private readonly doc: Schema,
    private readonly resolve: (ref: string) => Schema,
  ) {
    const paths = doc['paths'] as Record<string, Record<string, Schema>>;
    this.candidates = Object.entries(paths).map(([template, operations]) => ({
      template,
      operations,
      segments: template
        .split('/')
        .filter(Boolean)
        .map((segment) => {
          const name = /^\{(.+)\}$/.exec(segment)?.[1];
          return name === undefined
            ? { literal: segment }
            : { param: name, integer: this.isIntegerParam(operations, name) };
        }),
    }));
  }

  find(method: string, path: string): Operation | null {
    const parts = path.split('/').filter(Boolean).map(safeDecode);
    let best: { candidate: Candidate; literals: number } | null = null;
    for (const candidate of this.candidates) {
      const op = candidate.operations[method.toLowerCase()];
      if (!op || candidate.segments.length !== parts.length) continue;
      const fits = candidate.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if ('literal' in segment) return segment.literal === part;
        return !segment.integer || /^-?\d+$/.test(part);
      });
      const literals = candidate.segments.filter((segment) => 'literal' in segment).length;
      if (fits && (!best || literals > best.literals)) best = { candidate, literals };
    }
    if (!best) return null;
    const op = best.candidate.operations[method.toLowerCase()] as Schema;
    return { template: best.candidate.template, method, responses: (op['responses'] ?? {}) as Record<string, Schema> };
  }

  /** The JSON schema of one declared response (a `$ref` to components.responses is followed). */
  responseSchema(op: Operation, status: number): Schema | null {
    let response = op.responses[String(status)];
    if (!response) return null;
    if (typeof response['$ref'] === 'string') response = this.resolve(response['$ref']);
    const content = response['content'] as Record<string, { schema?: Schema }> | undefined;
    return content?.['application/json']?.schema ?? null;
  }

  /**
   * Which HTTP statuses the file answers each error code with, read from the codes its error
   * responses pin or show in examples (e.g. RATE_LIMIT_HIT → 429, BAD_REQUEST → 400 and 404).
   */
  errorCodeStatuses(): Map<string, Set<number>> {
    const out = new Map<string, Set<number>>();
    const paths = this.doc['paths'] as Record<string, Record<string, Schema>>;
    for (const operations of Object.values(paths)) {
      for (const op of Object.values(operations)) {
        for (const status of Object.keys((op['responses'] ?? {}) as Record<string, Schema>)) {
          if (!/^[45]\d\d$/.test(status)) continue;
          const operation = { template: '', method: '', responses: op['responses'] as Record<string, Schema> };
          for (const code of this.codesIn(this.responseSchema(operation, Number(status)), 0)) {
            out.set(code, (out.get(code) ?? new Set()).add(Number(status)));
          }
        }
      }
    }
    return out;
  }

  private codesIn(schema: Schema | null | undefined, depth: number): string[] {
    if (!schema || depth > 8) return [];
    const found: string[] = [];
    if (typeof schema['$ref'] === 'string') found.push(...this.codesIn(this.resolve(schema['$ref']), depth + 1));
    const example = schema['example'] as Record<string, unknown> | undefined;
    if (typeof example?.['code'] === 'string' && example['code'] !== '') found.push(example['code']);
    const code = (schema['properties'] as Record<string, Schema> | undefined)?.['code'];
    if (Array.isArray(code?.['enum'])) found.push(...(code['enum'] as string[]));
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const part of (schema[key] ?? []) as Schema[]) found.push(...this.codesIn(part, depth + 1));
    }
    return found;
  }

  private isIntegerParam(operations: Record<string, Schema>, name: string): boolean {
    // Parameters may be declared per operation or once for the whole path.
    const lists = [operations['parameters'], ...Object.values(operations).map((op) => op['parameters'])];
    const declared = lists.flatMap((list) => (Array.isArray(list) ? (list as Schema[]) : []));
    return declared
      .map((param) => (typeof param['$ref'] === 'string' ? this.resolve(param['$ref']) : param))
      .some(
        (param) =>
          param['in'] === 'path' &&
          param['name'] === name &&
          (param['schema'] as Schema | undefined)?.['type'] === 'integer',
      );
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
