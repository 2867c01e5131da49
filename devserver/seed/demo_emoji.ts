import { initialsSvg } from '../svg';
import type { SeedBuilder } from './builder';
import { P } from './demo_org';

/**
 * A few custom emoji, as every real organization has: drawn badges (SVG, which this server serves
 * as an image like Zulip's uploads), one of them deactivated so old messages can still show it.
 */
export function seedDemoEmoji(build: SeedBuilder): void {
  const emoji = [
    { name: 'parley', text: 'P', author: P.olivia, seed: 11 },
    { name: 'shipit', text: 'SI', author: P.olivia, seed: 23 },
    { name: 'lgtm', text: 'OK', author: P.olivia, seed: 5 },
    { name: 'old_logo', text: 'OL', author: P.olivia, seed: 17 },
  ];
  for (const e of emoji) {
    const id = build.store.realmEmoji.add(
      e.name,
      build.id(e.author),
      'image/svg+xml',
      Buffer.from(initialsSvg(e.text, e.seed, 64)),
    );
    if (e.name === 'old_logo') build.store.realmEmoji.deactivate(id);
  }
}
