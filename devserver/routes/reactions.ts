import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { messageIdParam } from '../messaging/access';
import { addReaction, removeReaction, type EmojiRequest } from '../messaging/reactions';

function emojiParams(params: Params): EmojiRequest {
  return {
    name: params.string('emoji_name'),
    code: params.string('emoji_code'),
    type: params.string('reaction_type'),
  };
}

export const reactionRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages/{message_id}/reactions: adds the caller's emoji reaction (emoji_name, and
     * optionally emoji_code and reaction_type). REACTION_ALREADY_EXISTS if they already reacted
     * so; `reaction` add events go to everyone who can see the message.
     */
    method: 'POST',
    path: '/messages/{message_id}/reactions',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      addReaction(app, user, messageIdParam(pathParams), emojiParams(params));
      return {};
    },
  },
  {
    /**
     * DELETE /messages/{message_id}/reactions: removes the caller's reaction, named by emoji_code
     * (with reaction_type, default unicode_emoji) or emoji_name. REACTION_DOES_NOT_EXIST if there
     * is none; `reaction` remove events go to everyone who can see the message.
     */
    method: 'DELETE',
    path: '/messages/{message_id}/reactions',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      removeReaction(app, user, messageIdParam(pathParams), emojiParams(params));
      return {};
    },
  },
];
