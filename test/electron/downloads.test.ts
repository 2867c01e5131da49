/**
 * main/electron/downloads.ts: a download from the window asks where to save it, in the Downloads
 * folder under the file's own name. Electron's DownloadItem is the stand-in (it records the dialog
 * options Electron would show); a name from a server never leads out of that folder.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askWhereToSave, proposedName, type DownloadLike } from '../../main/electron/downloads';

function item(filename: string): DownloadLike & { options: unknown[] } {
  const options: unknown[] = [];
  return { options, getFilename: () => filename, setSaveDialogOptions: (o) => void options.push(o) };
}

describe('downloads ask where to save', () => {
  it('offers the Downloads folder and the file name in the save dialog', () => {
    const download = item('lunch menu.png');
    askWhereToSave(download, '/home/ada/Downloads');
    expect(download.options).toEqual([
      { title: 'Save as', defaultPath: join('/home/ada/Downloads', 'lunch menu.png'), buttonLabel: 'Save' },
    ]);
  });

  it('never proposes a path outside that folder, nor an empty or hidden name', () => {
    expect(proposedName('../../.ssh/authorized_keys')).toBe('authorized_keys');
    expect(proposedName('..\\..\\evil.exe')).toBe('evil.exe');
    expect(proposedName('.bashrc')).toBe('bashrc');
    expect(proposedName('')).toBe('download');
    const download = item('../x.png');
    askWhereToSave(download, '/d');
    expect(download.options).toEqual([{ title: 'Save as', defaultPath: join('/d', 'x.png'), buttonLabel: 'Save' }]);
  });
});
