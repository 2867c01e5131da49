import { badRequest, missingParam } from './errors';

/**
 * The request's parameters (query string merged with the form body) with typed accessors.
 *
 * Zulip's wire format: strings travel raw, and every other type (integer, boolean, array, object)
 * travels as JSON text inside the form value. Every accessor records the name it was asked for, so
 * after the handler ran the dispatcher can list the names nobody read as
 * `ignored_parameters_unsupported`, exactly like the real server does.
 */
export class Params {
  private readonly used = new Set<string>();
  private readonly values: Map<string, string>;
  private readonly withheld = new Set<string>();

  constructor(values: ReadonlyMap<string, string>) {
    this.values = new Map(values);
  }

  /**
   * Hides parameters this server does not know (an older feature level): handlers never see
   * them, and those sent are listed as ignored, as an older Zulip would.
   */
  withhold(names: readonly string[]): void {
    for (const name of names) {
      if (this.values.delete(name)) this.withheld.add(name);
    }
  }

  has(name: string): boolean {
    this.used.add(name);
    return this.values.has(name);
  }

  /** Names that were sent but never read, sorted, for ignored_parameters_unsupported. */
  unused(): string[] {
    return [...this.values.keys()]
      .filter((name) => !this.used.has(name))
      .concat([...this.withheld])
      .sort();
  }

  /** Marks names as handled without reading them (e.g. aliases resolved elsewhere). */
  accept(...names: string[]): void {
    for (const name of names) this.used.add(name);
  }

  string(name: string): string | undefined {
    this.used.add(name);
    return this.values.get(name);
  }

  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /** Parses a JSON-encoded parameter; undefined when absent. */
  json(name: string): unknown {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw badRequest(`${name} is not valid JSON`);
    }
  }

  bool(name: string, fallback: boolean): boolean;
  bool(name: string): boolean | undefined;
  bool(name: string, fallback?: boolean): boolean | undefined {
    const value = this.json(name);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw badRequest(`${name} is not a boolean`);
    return value;
  }

  int(name: string, fallback: number): number;
  int(name: string): number | undefined;
  int(name: string, fallback?: number): number | undefined {
    const value = this.json(name);
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(`${name} is not an integer`);
    return value;
  }

  requiredInt(name: string): number {
    if (!this.values.has(name)) throw missingParam(name);
    return this.int(name) as number;
  }

  intList(name: string): number[] | undefined {
    const value = this.json(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
    return value.map((item, index) => {
      if (typeof item !== 'number' || !Number.isSafeInteger(item))
        throw badRequest(`${name}[${index}] is not an integer`);
      return item;
    });
  }

  stringList(name: string): string[] | undefined {
    const value = this.json(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
    return value.map((item, index) => {
      if (typeof item !== 'string') throw badRequest(`${name}[${index}] is not a string`);
      return item;
    });
  }

  object(name: string): Record<string, unknown> | undefined {
    const value = this.json(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${name} is not a dict`);
    return value as Record<string, unknown>;
  }
}
