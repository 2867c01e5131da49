import { authenticate } from '../http/auth';
import type { AssetResult, AssetRoute } from '../http/route';
import { ApiError } from '../http/errors';
import { readUpload } from '../uploads/files';
import { pathForToken } from '../uploads/temporary';
import { thumbnailSource } from '../uploads/thumbnails';

/**
 * Types a browser may show inline from the organization's origin. Anything else (HTML, SVG with
 * scripts, unknown) is served as bytes to download, so an upload can never run as a page here.
 */
const INLINE_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/(mp4|webm)|audio\/(mpeg|ogg|wav|webm)|application\/pdf|text\/plain)$/;

function fileAnswer(app: Parameters<AssetRoute['handler']>[0]['app'], pathId: string): AssetResult {
  const { row, bytes } = readUpload(app, pathId);
  const contentType = INLINE_TYPES.test(row.content_type) ? row.content_type : 'application/octet-stream';
  return { contentType, body: bytes, cacheControl: 'private, max-age=86400' };
}

export const uploadFileRoutes: AssetRoute[] = [
  {
    /**
     * GET /user_uploads/{realm}/{..}/{..}/{name}: the file, to a signed-in user of the organization.
     * Zulip takes a session cookie or, for API clients such as the desktop app, HTTP Basic auth
     * with the API key here; the dev server has no web sessions, so Basic auth it is.
     */
    method: 'GET',
    path: '/user_uploads/{realm}/{a}/{b}/{file}',
    handler: ({ app, pathParams, req }) => {
      authenticate(req, app.store);
      return fileAnswer(app, [pathParams['realm'], pathParams['a'], pathParams['b'], pathParams['file']].join('/'));
    },
  },
  {
    /**
     * GET /user_uploads/thumbnail/{path_id}/{format}: an image upload's thumbnail, to a signed-in
     * user of the organization as the file itself (the dev server serves the original picture).
     */
    method: 'GET',
    path: '/user_uploads/thumbnail/{realm}/{a}/{b}/{file}/{format}',
    handler: ({ app, pathParams, req }) => {
      authenticate(req, app.store);
      const { realm, a, b, file, format } = pathParams;
      const pathId = thumbnailSource([realm, a, b, file, format].join('/'));
      if (pathId === undefined || !/^image\//.test(app.store.uploads.byPath(pathId)?.content_type ?? '')) {
        throw new ApiError(404, 'BAD_REQUEST', 'File not found');
      }
      return fileAnswer(app, pathId);
    },
  },
  {
    /** GET /user_uploads/temporary/{token}/{name}: a temporary URL's file, without credentials. */
    method: 'GET',
    path: '/user_uploads/temporary/{token}/{file}',
    handler: ({ app, pathParams }) => {
      const pathId = pathForToken(app, pathParams['token'] ?? '');
      if (pathId === undefined) throw new ApiError(401, 'UNAUTHORIZED', 'Expired or invalid temporary URL');
      return fileAnswer(app, pathId);
    },
  },
];
