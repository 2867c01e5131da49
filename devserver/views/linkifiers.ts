import type { App } from '../app';

/** The API's linkifier objects, in the order they apply. */
export function formatLinkifiers(app: App): Array<Record<string, unknown>> {
  return app.store.records.linkifiers
    .all()
    .map((l) => ({ id: l.id, pattern: l.pattern, url_template: l.url_template }));
}
