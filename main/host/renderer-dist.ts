/** Where `npm run build:renderer` writes the renderer, for the node-run entry points (host CLI, demo). */
import { fileURLToPath } from 'node:url';

export const RENDERER_DIST = fileURLToPath(new URL('../../renderer/dist', import.meta.url));
