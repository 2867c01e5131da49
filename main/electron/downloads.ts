/**
 * Downloads started in the window (the image lightbox's Download) ask where to save: Electron
 * shows the OS save dialog for a download that has no save path, and these options fill it in
 * (a title, the Downloads folder and the file's own name). Without this handler Electron would
 * still ask, but starting in whatever folder it last used and with no title.
 */
import { basename, join } from 'node:path';

/** What of Electron's DownloadItem this uses. */
export interface DownloadLike {
  getFilename(): string;
  setSaveDialogOptions(options: { title: string; defaultPath: string; buttonLabel?: string }): void;
}

/** A name safe to propose: no folders (a server's name could carry `../`), never empty. */
export function proposedName(name: string): string {
  const plain = basename(name.replace(/\\/g, '/')).replace(/^\.+/, '');
  return plain === '' ? 'download' : plain;
}

export function askWhereToSave(item: DownloadLike, downloadsDir: string): void {
  item.setSaveDialogOptions({
    title: 'Save as',
    defaultPath: join(downloadsDir, proposedName(item.getFilename())),
    buttonLabel: 'Save',
  });
}
