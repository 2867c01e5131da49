import type { App } from '../app';
import { ApiError, badRequest, missingParam } from '../http/errors';
import { emojiCodeForName, isUnicodeEmojiCode, ZULIP_EXTRA_EMOJI } from '../markdown/emoji_catalog';
import { HISTORICAL_BITS } from '../store/flags';
import type { ReactionRow, UserRow } from '../store/rows';
import { apiEmail } from '../views/users';
import { accessMessage, audienceOf } from './access';
import { applyPolicyOnReaction } from './visibility';

export interface EmojiRequest {
  name: string | undefined;
  code: string | undefined;
  type: string | undefined;
}

const alreadyExists = (): ApiError => new ApiError(400, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.');
const doesNotExist = (): ApiError => new ApiError(400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");

/** Code and namespace for an emoji name, as Zulip's get_emoji_data looks them up. */
function lookup(app: App, name: string): { code: string; type: string } {
  const custom = app.store.realmEmoji.activeByName(name);
  if (custom) return { code: String(custom.id), type: 'realm_emoji' };
  if (name === ZULIP_EXTRA_EMOJI.name) return { code: ZULIP_EXTRA_EMOJI.code, type: 'zulip_extra_emoji' };
  const code = emojiCodeForName(name);
  if (code === undefined) throw badRequest(`Emoji '${name}' does not exist`);
  return { code, type: 'unicode_emoji' };
}

/** Zulip's check_emoji_request: the name must be a valid name for that code in that namespace. */
function validate(app: App, name: string, code: string, type: string): void {
  if (type === 'unicode_emoji') {
    if (!isUnicodeEmojiCode(code)) throw badRequest('Invalid emoji code.');
    if (emojiCodeForName(name) !== code) throw badRequest('Invalid emoji name.');
  } else if (type === 'zulip_extra_emoji') {
    if (code !== ZULIP_EXTRA_EMOJI.code) throw badRequest('Invalid emoji code.');
    if (name !== ZULIP_EXTRA_EMOJI.name) throw badRequest('Invalid emoji name.');
  } else if (type === 'realm_emoji') {
    const custom = /^\d+$/.test(code) ? app.store.realmEmoji.byId(Number(code)) : undefined;
    if (!custom) throw badRequest('Invalid custom emoji.');
    if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
  } else {
    throw badRequest('Invalid emoji type.');
  }
}

/**
 * POST /messages/{id}/reactions. A reaction with an emoji someone already used on the message
 * counts as a vote for it and takes that reaction's name. Reacting to a message the user never
 * received gives them a historical row, and may follow or unmute the topic (participation).
 */
export function addReaction(app: App, user: UserRow, messageId: number, emoji: EmojiRequest): void {
  const { row, channel, flags } = accessMessage(app.store, user, messageId);
  if (emoji.name === undefined) throw missingParam('emoji_name');
  let { code, type } = emoji;
  if (code === undefined || type === undefined) {
    const found = lookup(app, emoji.name);
    code ??= found.code;
    type ??= found.type;
  }
  if (app.store.reactions.own(messageId, user.id, type, code)) throw alreadyExists();
  const vote = app.store.reactions.existing(messageId, type, code);
  if (!vote) validate(app, emoji.name, code, type);
  const reaction: ReactionRow = {
    message_id: messageId,
    user_id: user.id,
    emoji_name: vote?.emoji_name ?? emoji.name,
    emoji_code: code,
    reaction_type: type,
  };
  app.store.transaction(() => {
    app.store.reactions.add(reaction);
    if (flags === undefined) app.store.messageChanges.setFlags(user.id, messageId, HISTORICAL_BITS);
  });
  if (channel) applyPolicyOnReaction(app, user, channel, row.topic);
  publishReaction(app, user, reaction, 'add');
}

/** DELETE /messages/{id}/reactions: by emoji_code (preferred) or emoji_name. */
export function removeReaction(app: App, user: UserRow, messageId: number, emoji: EmojiRequest): void {
  accessMessage(app.store, user, messageId);
  const type = emoji.type ?? 'unicode_emoji';
  let code = emoji.code;
  if (code === undefined) {
    if (emoji.name === undefined) {
      throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    }
    code = lookup(app, emoji.name).code;
  }
  const reaction = app.store.reactions.own(messageId, user.id, type, code);
  if (!reaction) throw doesNotExist();
  app.store.reactions.remove(messageId, user.id, type, code);
  publishReaction(app, user, reaction, 'remove');
}

/** A `reaction` event to everyone who can see the message. */
function publishReaction(app: App, user: UserRow, reaction: ReactionRow, op: 'add' | 'remove'): void {
  const rows = app.store.messages.byIds([reaction.message_id]);
  const event = {
    type: 'reaction',
    op,
    user_id: user.id,
    user: { user_id: user.id, email: apiEmail(user, app.store.realm.get()), full_name: user.full_name },
    message_id: reaction.message_id,
    emoji_name: reaction.emoji_name,
    emoji_code: reaction.emoji_code,
    reaction_type: reaction.reaction_type,
  };
  app.queues.publish(audienceOf(app.store, rows), 'reaction', () => event);
}
