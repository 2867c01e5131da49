/**
 * The launch picture: what the window showed when the last session left it (the conversation's
 * rows, the sidebar, the compose box), kept as markup in the data folder so the next start can put
 * it on screen with the page itself, before the renderer's code has run (entry-page.ts). The
 * renderer sends a new one as the window changes (renderer/lib/launchPicture.ts); the core writes
 * it here and removes it when an account signs out.
 *
 * Markup that came from a page showing other people's messages is sanitized before it is kept
 * (keep.ts, sanitize.ts), and the file is signed with it and the policy it passed (signing.ts):
 * the disk is not trusted, so a launch shows only a file this install signed under the policy it
 * knows, and need not sanitize again on the way to the first pixels.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RENDERER_BUILD_PATH } from '../../common/launch-picture';
import { PRIVATE_FILE_MODE } from '../store/private-files';
import { signPicture } from './signing';

const LAUNCH_PICTURE_FILE = 'launch-picture.json';
/** A window's markup is ~35-80 KB; far more means something went wrong, not a bigger window. */
const MAX_PICTURE_BYTES = 1024 * 1024;

const launchPictureSchema = z.object({
  /** The account whose window it shows. */
  accountId: z.string().min(1).max(200),
  /**
   * The path of the renderer bundle that drew it: a picture from another build carries another
   * build's class names (Svelte scopes styles by hash), so it is shown only by the same build.
   */
  build: z.string().regex(RENDERER_BUILD_PATH),
  /** The user's theme at the time (data-theme on the root), so the picture has the app's colors. */
  theme: z.enum(['dark', 'light']).nullable(),
  html: z.string().min(1).max(MAX_PICTURE_BYTES),
});

/** A picture as kept: its markup sanitized under `policy` (policy.ts). */
const keptPictureSchema = launchPictureSchema.extend({ policy: z.string().min(1).max(100) });

/** The file: the kept picture and its signature under this install's key (signing.ts). */
const signedPictureSchema = keptPictureSchema.extend({ mac: z.string().min(1).max(100) });

/** What the renderer sends (common/ipc: window:picture), checked; its markup not yet sanitized. */
export type LaunchPicture = z.infer<typeof launchPictureSchema>;
export type KeptPicture = z.infer<typeof keptPictureSchema>;
export type SignedLaunchPicture = z.infer<typeof signedPictureSchema>;

/** The renderer's picture checked for shape (a ZodError when it is not one). */
export function parseLaunchPicture(payload: unknown): LaunchPicture {
  return launchPictureSchema.parse(payload);
}

export function launchPicturePath(dataDir: string): string {
  return join(dataDir, LAUNCH_PICTURE_FILE);
}

/** Writes a kept picture signed with `key`, replacing the last one in one rename. */
export function writeLaunchPicture(dataDir: string, picture: KeptPicture, key: Buffer): void {
  const file = launchPicturePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  const signed: SignedLaunchPicture = { ...keptPictureSchema.parse(picture), mac: signPicture(picture, key) };
  writeFileSync(temporary, JSON.stringify(signed), { mode: PRIVATE_FILE_MODE });
  renameSync(temporary, file);
}

/** Forgets the picture (an account signed out: its messages must not show at the next start). */
export function removeLaunchPicture(dataDir: string): void {
  rmSync(launchPicturePath(dataDir), { force: true });
}

/**
 * The picture the last session left, with its signature (not checked here), or null: none,
 * unreadable, too big or not one (a problem is reported through `onProblem`; the start goes on
 * without a picture, nothing else is lost).
 */
export function readLaunchPicture(
  dataDir: string,
  onProblem: (why: string) => void = () => {},
): SignedLaunchPicture | null {
  let text: string;
  try {
    text = readFileSync(launchPicturePath(dataDir), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') onProblem(`could not read it: ${(e as Error).message}`);
    return null;
  }
  if (text.length > MAX_PICTURE_BYTES * 2) {
    onProblem('the file is too big to be one');
    return null;
  }
  try {
    return signedPictureSchema.parse(JSON.parse(text));
  } catch {
    onProblem('the file is not a launch picture');
    return null;
  }
}
