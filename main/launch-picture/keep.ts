/**
 * Keeping the renderer's picture of the window (common/ipc: window:picture): checked, sanitized
 * against the app build's own stylesheet (sanitize.ts), signed with the policy it passed, written.
 * Done here, on the core's thread, at most once a minute while the window changes
 * (renderer/lib/launchPicture.ts), rather than at the next launch, where sanitizing (50-340 ms of a
 * fresh thread on a loaded 2-core machine) stood between the host listening and the first pixels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkedStylesheet } from './entry-page';
import { parseLaunchPicture, writeLaunchPicture } from './file';
import { PICTURE_POLICY_ID } from './policy';
import { classesOfStylesheet, sanitizeLaunchPicture } from './sanitize';

/**
 * The class names the build in `rendererDir` styles; read once per build folder. Throws when its
 * stylesheet cannot be read: a picture kept with every class stripped would show unstyled.
 */
function appClassesOf(rendererDir: string): ReadonlySet<string> {
  const readAsset = (path: string): string | null => {
    try {
      return readFileSync(join(rendererDir, path), 'utf8');
    } catch {
      return null;
    }
  };
  const entry = readAsset('index.html');
  const css = entry === null ? null : linkedStylesheet(entry, readAsset);
  if (css === null) throw new Error("the renderer build's stylesheet could not be read");
  return classesOfStylesheet(css);
}

export interface PictureKeeper {
  /** Keeps `payload` as the next launch's picture; throws (in words) when it is refused. */
  keep(payload: unknown, key: Buffer): void;
}

/**
 * `rendererDir`: the renderer build whose stylesheet decides which classes a picture keeps;
 * `isAccount`: whether an account is signed in (a picture taken as it signed out is refused).
 */
export function pictureKeeper(
  dataDir: string,
  rendererDir: string,
  isAccount: (id: string) => boolean,
): PictureKeeper {
  let appClasses: ReadonlySet<string> | null = null;
  return {
    keep(payload, key) {
      const picture = parseLaunchPicture(payload);
      if (!isAccount(picture.accountId)) throw new Error('the picture is of an account that is not signed in');
      appClasses ??= appClassesOf(rendererDir);
      const html = sanitizeLaunchPicture(picture.html, appClasses);
      writeLaunchPicture(dataDir, { ...picture, html, policy: PICTURE_POLICY_ID }, key);
    },
  };
}
