/**
 * Thumbnails of uploaded images as Zulip 9+ names them (zerver/lib/thumbnail.py): an image upload
 * is previewed in a message through `/user_uploads/thumbnail/{path_id}/840x560.webp`, the first of
 * Zulip's THUMBNAIL_OUTPUT_FORMATS, with its original size and type on the <img>. The dev server has
 * no image encoder, so the thumbnail URL answers with the original bytes (same picture, full size);
 * the URLs, the markup and who may fetch them are Zulip's.
 */
import { imageSize } from 'image-size';
import type { Store } from '../store/store';

/** Zulip's default format for still images: the one written into rendered messages. */
export const THUMBNAIL_FORMAT = {
  name: '840x560.webp',
  max_width: 840,
  max_height: 560,
  format: 'webp',
  animated: false,
};

/** What an uploaded image's preview carries: its original size and type. */
export interface UploadedImage {
  width: number;
  height: number;
  contentType: string;
}

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

/** The image behind an upload path ID, or undefined when it is not an image the server can read. */
export function uploadedImage(store: Store, pathId: string): UploadedImage | undefined {
  const row = store.uploads.byPath(pathId);
  if (!row || !IMAGE_TYPES.test(row.content_type)) return undefined;
  const bytes = store.uploads.bytes(row.id);
  if (!bytes) return undefined;
  try {
    const size = imageSize(bytes);
    // EXIF orientations 5-8 turn the picture a quarter: Zulip reports the size as shown.
    const turned = (size.orientation ?? 1) >= 5;
    return {
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
      contentType: row.content_type,
    };
  } catch {
    // Bytes that do not parse as the image they claim to be get no thumbnail, as on Zulip.
    return undefined;
  }
}

/** The upload path ID of a thumbnail path (after /user_uploads/thumbnail/), if its format is one served. */
export function thumbnailSource(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  return path.slice(slash + 1) === THUMBNAIL_FORMAT.name ? path.slice(0, slash) : undefined;
}
