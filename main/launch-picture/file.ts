/**
 * The launch picture: what the window showed when the last session left it (the conversation's
 * rows, the sidebar, the compose box), kept as markup in the data folder so the next start can put
 * it on screen with the page itself, before the renderer's code has run (entry-page.ts). The
 * renderer sends a new one as the window changes (renderer/lib/launchPicture.ts); the core writes
 * it here and removes it when an account signs out.
 *
 * The file is only ever shown when this install signed it (signing.ts) and after sanitizing
 * (sanitize.ts): the disk is not trusted, and neither is markup that came from a page showing
 * other people's messages.
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

/** The file: the picture and its signature under this install's key (signing.ts). */
const signedPictureSchema = launchPictureSchema.extend({ mac: z.string().min(1).max(100) });

export type LaunchPicture = z.infer<typeof launchPictureSchema>;
export type SignedLaunchPicture = z.infer<typeof signedPictureSchema>;

export function launchPicturePath(dataDir: string): string {
  return join(dataDir, LAUNCH_PICTURE_FILE);
}

/**
 * Writes a picture signed with `key` (replacing the last one in one rename); refuses one that is
 * not a picture, and one of an account that is not signed in (`isAccount`: it signed out as the
 * picture was taken).
 */
export function saveLaunchPicture(
  dataDir: string,
  payload: unknown,
  isAccount: (id: string) => boolean,
  key: Buffer,
): void {
  const picture = launchPictureSchema.parse(payload);
  if (!isAccount(picture.accountId)) throw new Error('the picture is of an account that is not signed in');
  const file = launchPicturePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  const signed: SignedLaunchPicture = { ...picture, mac: signPicture(picture, key) };
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
