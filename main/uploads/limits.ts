/**
 * What an upload may be, checked before any byte crosses the bridge, in words a person can act on:
 * files up to the organization's max_file_upload_size_mib (Zulip's default 25 MiB when the server
 * has not said), custom emoji as Zulip takes them (5 MiB; PNG, GIF, JPEG, WebP or SVG).
 */
import { IpcFailure } from '../failure';

const MIB = 1024 * 1024;
export const DEFAULT_MAX_FILE_UPLOAD_MIB = 25;
/** Zulip's MAX_EMOJI_FILE_SIZE_MIB. */
export const MAX_EMOJI_MIB = 5;
/** The image types Zulip accepts for custom emoji. */
export const EMOJI_TYPES: readonly string[] = ['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/svg+xml'];

/** 1.5 MiB, 300 KB, 12 bytes: sizes as a person reads them. */
export function describeSize(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The largest file allowed, in bytes; throws INVALID_ARGUMENT with the reason otherwise. */
export function checkUpload(file: FileFacts, purpose: 'file' | 'emoji', maxFileMib: number): number {
  const quoted = `“${file.name}”`;
  if (file.size === 0) throw new IpcFailure('INVALID_ARGUMENT', `${quoted} is empty: there is nothing to upload.`);
  if (purpose === 'emoji') {
    if (!EMOJI_TYPES.includes(file.type)) {
      throw new IpcFailure(
        'INVALID_ARGUMENT',
        `${quoted} is not an image Zulip takes for emoji: use a PNG, GIF, JPEG, WebP or SVG file.`,
      );
    }
    if (file.size > MAX_EMOJI_MIB * MIB) {
      throw new IpcFailure(
        'INVALID_ARGUMENT',
        `${quoted} is ${describeSize(file.size)}; a custom emoji may be at most ${MAX_EMOJI_MIB} MiB.`,
      );
    }
    return MAX_EMOJI_MIB * MIB;
  }
  if (file.size > maxFileMib * MIB) {
    throw new IpcFailure(
      'INVALID_ARGUMENT',
      `${quoted} is ${describeSize(file.size)}; this organization takes files up to ${maxFileMib} MiB.`,
    );
  }
  return maxFileMib * MIB;
}
