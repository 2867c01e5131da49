import type { ApiRoute } from '../http/route';
import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { normalizeContent } from '../messaging/normalize';

export const messageRenderRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages/render: the HTML a message with this content would get, by the same renderer
     * (and the same mention and channel directory) as POST /messages; nothing is stored or sent.
     */
    method: 'POST',
    path: '/messages/render',
    auth: 'user',
    handler: ({ app, params }) => {
      const content = normalizeContent(params.requiredString('content'));
      return { rendered: renderMarkdown(content, storeDirectory(app.store)).html };
    },
  },
];
