/**
 * Parley against an older server (the dev server at --feature-level 371, Zulip 10.0): what the
 * account's gates offer, and an option the server ignored named back in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPermissionsAt, describeIgnored, supports } from '../../../main/api';
import { createChannel } from '../../../main/api/routes/channels';
import { getSubscriptions } from '../../../main/api/routes/subscriptions';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { person, unique, type Person } from '../records/support';

let dev: RunningDevServer;
let member: Person;

beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo', args: ['--feature-level', '371'] });
  member = await person(dev, dev.byRole(400));
}, 60_000);
afterAll(() => dev?.stop());

describe('an older server', () => {
  it('creates by subscribing and names the options it ignored', async () => {
    const name = unique('old server');
    const created = await createChannel(
      member.client,
      {
        name,
        subscribers: [member.userId],
        topics_policy: 'empty_topic_only',
        can_resolve_topics_group: { direct_members: [member.userId], direct_subgroups: [] },
      },
      371,
    );
    expect(created.ignored).toEqual(['can_resolve_topics_group', 'topics_policy']);
    expect(describeIgnored(created.ignored)).toBe(
      'The server ignored: who can resolve topics (it is older than Zulip 11); topics policy (it is older than Zulip 11).',
    );
    const sub = (await getSubscriptions(member.client)).find((s) => s.stream_id === created.id);
    expect(sub?.name).toBe(name);
  });

  it('offers only the channel options its level has', () => {
    expect(supports(371, 'channelsCreate')).toBe(false);
    expect(supports(371, 'channelTopicsPolicy')).toBe(false);
    expect(channelPermissionsAt(371)).toEqual([
      'can_remove_subscribers_group',
      'can_administer_channel_group',
      'can_send_message_group',
      'can_add_subscribers_group',
      'can_subscribe_group',
    ]);
    expect(channelPermissionsAt(237)).toEqual([]);
    expect(channelPermissionsAt(420)).toHaveLength(10);
  });

  it('says nothing when nothing was ignored, and names unknown parameters plainly', () => {
    expect(describeIgnored([])).toBeNull();
    expect(describeIgnored(undefined)).toBeNull();
    expect(describeIgnored(['some_new_option'])).toBe('The server ignored: some new option.');
  });
});
