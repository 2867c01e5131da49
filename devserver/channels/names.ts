import type { App } from '../app';
import { ApiError, badRequest } from '../http/errors';
import { LIMITS } from '../limits';

/** Zulip's check_stream_name: non-blank, within the length limit, printable. Returns it trimmed. */
export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest("Channel name can't be empty.");
  if ([...name].length > LIMITS.max_stream_name_length) {
    throw badRequest(`Channel name too long (limit: ${LIMITS.max_stream_name_length} characters).`);
  }
  const bad = [...name].findIndex((char) => /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u.test(char));
  if (bad >= 0) throw badRequest(`Invalid character in channel name, at position ${bad + 1}.`);
  return name;
}

/** 409 CHANNEL_ALREADY_EXISTS when the name is taken (case-insensitively), archived channels included. */
export function checkChannelNameAvailable(app: App, name: string, exceptId?: number): void {
  const existing = app.store.channels.byName(name);
  if (existing && existing.id !== exceptId) {
    throw new ApiError(409, 'CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`);
  }
}

/** Descriptions are one line (Zulip turns newlines into spaces) within the length limit. */
export function checkChannelDescription(raw: string): string {
  const description = raw.replace(/\r?\n/g, ' ');
  if ([...description].length > LIMITS.max_stream_description_length) {
    throw badRequest(`description is too long (limit: ${LIMITS.max_stream_description_length} characters)`);
  }
  return description;
}
