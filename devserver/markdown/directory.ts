/** What the renderer needs to resolve mentions and channel links, independent of storage. */
export interface MentionDirectory {
  userByName(fullName: string): { id: number; full_name: string } | undefined;
  userById(id: number): { id: number; full_name: string } | undefined;
  channelByName(name: string): { id: number; name: string } | undefined;
  /** An active custom emoji's image path, by name (none where there is no organization). */
  realmEmoji?(name: string): string | undefined;
  /** The organization's linkifiers, in the order they apply (markdown/linkifiers.ts). */
  linkifiers?(): ReadonlyArray<{ pattern: string; url_template: string }>;
  /** An uploaded image's thumbnail and original size, by upload path ID (Zulip's image preview). */
  uploadedImage?(pathId: string): { width: number; height: number; contentType: string } | undefined;
}

/** Everything a rendering pass learns about the message besides its HTML. */
export interface RenderFacts {
  /** Users mentioned with a notifying (non-silent) @-mention. */
  mentionedUserIds: Set<number>;
  /** @**all**, @**everyone**, @**channel** (legacy @**stream**) in the message. */
  channelWildcard: boolean;
  /** @**topic** in the message. */
  topicWildcard: boolean;
}

/** Zulip's URL-hash encoding: percent-encoding with '.' in place of '%'. */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[.()!'*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, '.');
}

export function channelHref(channel: { id: number; name: string }, topic?: string): string {
  const base = `/#narrow/channel/${channel.id}-${encodeHashComponent(channel.name.replace(/ /g, '-'))}`;
  return topic === undefined ? base : `${base}/topic/${encodeHashComponent(topic)}`;
}
