/** Runs a built main bundle's top level once with `electron` standing in for the electron module. */
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);
const electronId = requireFromHere.resolve('electron');

export function loadMainBundle(bundle: string, electron: unknown): void {
  const previous = requireFromHere.cache[electronId];
  requireFromHere.cache[electronId] = {
    id: electronId,
    filename: electronId,
    loaded: true,
    exports: electron,
  } as NodeJS.Module;
  delete requireFromHere.cache[bundle];
  try {
    requireFromHere(bundle);
  } finally {
    if (previous) requireFromHere.cache[electronId] = previous;
    else delete requireFromHere.cache[electronId];
  }
}
