/**
 * Path matching for routes written like `/users/{email}`. A `{name}` segment matches one path
 * segment; its value is percent-decoded after splitting, so an encoded `/` (%2F) stays inside it.
 */
export interface Match<R> {
  route: R;
  pathParams: Record<string, string>;
}

export type Lookup<R> =
  { kind: 'found'; match: Match<R> } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' };

export class Router<R extends { method: string; path: string }> {
  private readonly compiled: Array<{ route: R; segments: string[] }>;

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }));
  }

  lookup(method: string, path: string): Lookup<R> {
    const parts = path.split('/').filter(Boolean);
    const allowed: string[] = [];
    for (const { route, segments } of this.compiled) {
      const pathParams = matchSegments(segments, parts);
      if (!pathParams) continue;
      if (route.method === method) return { kind: 'found', match: { route, pathParams } };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    const part = parts[i] ?? '';
    if (segment.startsWith('{') && segment.endsWith('}')) {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return null;
      }
      params[segment.slice(1, -1)] = value;
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}
