import { decodeFile, type UploadedFile } from '../http/body';
import { ApiError } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { addUpload, deleteUpload, formatAttachment, readUpload } from '../uploads/files';
import { temporaryUrl } from '../uploads/temporary';

export const uploadRoutes: ApiRoute[] = [
  {
    /** POST /user_uploads: one file (multipart, any field name); answers `uri`, `url` and `filename`. */
    method: 'POST',
    path: '/user_uploads',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const files = params
        .unused()
        .map((name) => decodeFile(params.string(name) ?? ''))
        .filter((file): file is UploadedFile => file !== undefined);
      const { url, filename } = addUpload(app, user, files);
      return { uri: url, url, filename };
    },
  },
  {
    /** GET /user_uploads/{realm_id_str}/{filename}: a 60-second URL that needs no credentials. */
    method: 'GET',
    path: '/user_uploads/{realm}/{a}/{b}/{file}',
    auth: 'user',
    handler: ({ app, pathParams }) => {
      const pathId = [pathParams['realm'], pathParams['a'], pathParams['b'], pathParams['file']].join('/');
      readUpload(app, pathId);
      return { url: temporaryUrl(app, pathId) };
    },
  },
  {
    /** GET /attachments: the caller's uploads with the messages that link to them. */
    method: 'GET',
    path: '/attachments',
    auth: 'user',
    handler: ({ app, user }) => ({
      attachments: app.store.uploads.ofOwner(user.id).map((row) => formatAttachment(app, row)),
      upload_space_used: app.store.uploads.spaceUsed(user.id),
    }),
  },
  {
    /** DELETE /attachments/{attachment_id}: removes one of the caller's uploads. */
    method: 'DELETE',
    path: '/attachments/{id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const id = Number(pathParams['id']);
      if (!Number.isInteger(id)) throw new ApiError(400, 'BAD_REQUEST', 'Invalid attachment');
      deleteUpload(app, user, id);
      return {};
    },
  },
];
