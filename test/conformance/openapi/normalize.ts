/**
 * Turns Zulip's OpenAPI 3.0 schemas into JSON Schema that ajv validates the way Zulip's own
 * test-suite reads them:
 * - `allOf` of object schemas is merged into one object: properties and `required` are united and
 *   `additionalProperties: false` on any part applies to the union. (Read literally, JSON Schema
 *   would make `{allOf: [Base, {properties: {x}, additionalProperties: false}]}` reject Base's
 *   own fields, which is never what the file means.)
 * - `nullable: true` becomes a union with null (OpenAPI 3.0 has no `null` type).
 * - `oneOf` becomes `anyOf`: the file has no discriminators and its unions may overlap (an
 *   integer is also a number), so "exactly one" would reject valid data.
 * `$ref`s to components are followed when merging and otherwise left for ajv to resolve.
 */
export type Schema = Record<string, unknown>;

/** Keywords that describe rather than constrain; a schema made of only these accepts anything. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'deprecated', 'title', 'nullable', 'x-stability']);

export class SchemaNormalizer {
  /** What each component resolves to after normalization (also breaks reference cycles). */
  private readonly resolving = new Set<string>();

  constructor(private readonly doc: Schema) {}

  /** Follows a local `#/...` reference in the document. */
  resolve(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, not ${ref}`);
    let node: unknown = this.doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    if (node === undefined || typeof node !== 'object') throw new Error(`dangling $ref ${ref}`);
    return node as Schema;
  }

  normalize(schema: Schema): Schema {
    let out: Schema = { ...schema };
    if (Array.isArray(out['allOf'])) out = this.mergeAllOf(out);
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map((part) => this.normalize(part));
    }
    if (out['oneOf']) {
      out['anyOf'] = out['oneOf'];
      delete out['oneOf'];
    }
    if (isObject(out['properties'])) {
      out['properties'] = Object.fromEntries(
        Object.entries(out['properties']).map(([name, sub]) => [name, this.normalize(sub as Schema)]),
      );
    }
    if (isObject(out['items'])) out['items'] = this.normalize(out['items'] as Schema);
    if (isObject(out['additionalProperties']))
      out['additionalProperties'] = this.normalize(out['additionalProperties'] as Schema);
    if (isObject(out['not'])) out['not'] = this.normalize(out['not'] as Schema);
    return nullable(out);
  }

  /** One object schema from an allOf (and the keywords beside it); other allOfs stay as they are. */
  private mergeAllOf(schema: Schema): Schema {
    const { allOf, ...beside } = schema;
    const parts = [...(allOf as Schema[]).map((part) => this.flatten(part)), this.flatten(beside)];
    if (!parts.every((part) => isObjectLike(part) || isAnnotationOnly(part))) {
      return { ...beside, allOf: (allOf as Schema[]).map((part) => this.normalize(part)) };
    }
    const merged: Schema = { type: 'object' };
    const properties: Record<string, Schema> = {};
    const required = new Set<string>();
    let closed = false;
    let extra: Schema | undefined;
    for (const part of parts) {
      for (const [name, sub] of Object.entries((part['properties'] as Record<string, Schema> | undefined) ?? {})) {
        const known = properties[name];
        if (!known || isAnnotationOnly(known)) properties[name] = sub;
        else if (!isAnnotationOnly(sub)) properties[name] = { allOf: [known, sub] };
        else if (sub['nullable'] === true) properties[name] = { ...known, nullable: true };
      }
      for (const name of (part['required'] as string[] | undefined) ?? []) required.add(name);
      if (part['additionalProperties'] === false) closed = true;
      else if (isObject(part['additionalProperties'])) extra = part['additionalProperties'] as Schema;
      if (part['nullable'] === true) merged['nullable'] = true;
    }
    merged['properties'] = properties;
    if (required.size > 0) merged['required'] = [...required];
    if (closed) merged['additionalProperties'] = false;
    else if (extra) merged['additionalProperties'] = extra;
    return merged;
  }

  /** A schema with its $ref followed and its own allOf merged, ready to be merged into another. */
  private flatten(schema: Schema): Schema {
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return Array.isArray(schema['allOf']) ? this.mergeAllOf(schema) : schema;
    if (this.resolving.has(ref)) throw new Error(`allOf through a reference cycle at ${ref}`);
    this.resolving.add(ref);
    try {
      return this.flatten(this.resolve(ref));
    } finally {
      this.resolving.delete(ref);
    }
  }
}

/** OpenAPI 3.0 `nullable: true` as JSON Schema. */
function nullable(schema: Schema): Schema {
  if (schema['nullable'] !== true) return schema;
  const { nullable: _ignored, ...rest } = schema;
  if (isAnnotationOnly(rest)) return rest;
  if (typeof rest['type'] === 'string' && !rest['$ref']) {
    const out: Schema = { ...rest, type: [rest['type'], 'null'] };
    if (Array.isArray(rest['enum'])) out['enum'] = [...(rest['enum'] as unknown[]), null];
    return out;
  }
  return { anyOf: [rest, { type: 'null' }] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAnnotationOnly(schema: Schema): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

/** Describes an object by its fields (so it can be merged), not by a union or a scalar type. */
function isObjectLike(schema: Schema): boolean {
  if (schema['anyOf'] || schema['oneOf'] || schema['allOf'] || schema['enum'] || schema['$ref']) return false;
  return (
    schema['type'] === 'object' ||
    (schema['type'] === undefined &&
      ('properties' in schema || 'required' in schema || 'additionalProperties' in schema))
  );
}
