/** The record lists and details the renderer asks for, answered from the cache (offline too). */
import type {
  ChannelDetails,
  ChannelFolderView,
  ChannelInfo,
  NavigationViewView,
  Page,
  PlaygroundView,
  ProfileFieldView,
  SavedSnippetView,
  TopicVisibilityView,
  UserDetails,
  UserGroupView,
  UserSummary,
} from '../../common/model';
import { IpcFailure } from '../failure';
import type { AccountStore } from '../store/account-store';
import { decodeCursor, pageLimit, pageOfList, toPage } from './cursor';
import {
  VISIBILITY_NAMES,
  channelDetails,
  channelInfo,
  folderView,
  groupView,
  profileFieldView,
  userDetails,
  userSummary,
} from './views';

type Paging = { cursor?: string | undefined; limit?: number | undefined };

export function listChannels(store: AccountStore, p: Paging): Page<ChannelInfo> {
  const after = decodeCursor(p.cursor, ['string', 'number'] as const);
  return toPage(store.channelDirectory.page(after, pageLimit(p.limit)), (c) => channelInfo(c, store));
}

export function getChannel(store: AccountStore, channelId: number): ChannelDetails {
  const c = store.channelDirectory.get(channelId);
  if (!c) throw new IpcFailure('NOT_FOUND', 'That channel does not exist, or you cannot see it.');
  return channelDetails(c, store);
}

export function listTopicVisibility(
  store: AccountStore,
  p: Paging & { channelId?: number | undefined },
): Page<TopicVisibilityView> {
  const rows = p.channelId === undefined ? store.userTopics.all() : store.userTopics.ofChannel(p.channelId);
  const views = rows.map((t) => ({ channelId: t.channelId, topic: t.topic, visibility: VISIBILITY_NAMES[t.policy] }));
  return pageOfList(views, p.cursor, p.limit);
}

export function listGroups(store: AccountStore, p: Paging): Page<UserGroupView> {
  const after = decodeCursor(p.cursor, ['string', 'number'] as const);
  return toPage(store.userGroups.page(after, pageLimit(p.limit)), groupView);
}

export function listFolders(store: AccountStore, p: Paging): Page<ChannelFolderView> {
  return pageOfList(store.channelFolders.all().map(folderView), p.cursor, p.limit);
}

export function listSnippets(store: AccountStore, p: Paging): Page<SavedSnippetView> {
  const after = decodeCursor(p.cursor, ['number'] as const);
  return toPage(store.savedSnippets.page(after?.[0] ?? null, pageLimit(p.limit)), (s) => ({ ...s }));
}

export function listViews(store: AccountStore, p: Paging): Page<NavigationViewView> {
  return pageOfList(store.navigationViews.all(), p.cursor, p.limit);
}

export function listProfileFields(store: AccountStore, p: Paging): Page<ProfileFieldView> {
  return pageOfList(store.profileFields.all().map(profileFieldView), p.cursor, p.limit);
}

export function listPlaygrounds(store: AccountStore, p: Paging): Page<PlaygroundView> {
  return pageOfList(store.playgrounds.all(), p.cursor, p.limit);
}

export function listUsers(store: AccountStore, p: Paging): Page<UserSummary> {
  const after = decodeCursor(p.cursor, ['string', 'number'] as const);
  return toPage(store.userDirectory.page(after, pageLimit(p.limit)), userSummary);
}

export function getUser(store: AccountStore, userId: number): UserDetails | null {
  const u = store.users.get(userId);
  return u ? userDetails(u, store.userGroups.groupsOf(userId)) : null;
}
