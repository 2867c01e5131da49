import { canSeeChannel } from '../access';
import { badNarrow } from '../http/errors';
import type { ChannelRow, RealmRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { apiEmail } from '../views/users';
import type { Operand } from './parse';

/** Turns narrow operands (names, emails, IDs) into rows, with Zulip's BAD_NARROW wording. */
export class OperandResolver {
  private users: readonly UserRow[] | undefined;

  constructor(
    private readonly store: Store,
    private readonly viewer: UserRow,
    private readonly realm: RealmRow,
  ) {}

  /** A channel by ID or name; channels the viewer cannot see are reported as unknown. */
  channel(operand: Operand): ChannelRow {
    let channel: ChannelRow | undefined;
    if (typeof operand === 'number') channel = this.store.channels.byId(operand);
    else if (typeof operand === 'string') channel = this.store.channels.byName(operand.trim());
    const sub = channel && this.store.channels.subscription(this.viewer.id, channel.id);
    if (!channel || !canSeeChannel(this.viewer, channel, sub)) throw badNarrow(`unknown channel ${String(operand)}`);
    return channel;
  }

  /** One user by ID or email (API or real). */
  user(operand: Operand): UserRow {
    const [user] = this.userList(typeof operand === 'string' ? operand : [operand].flat());
    if (!user) throw badNarrow(`unknown user ${String(operand)}`);
    return user;
  }

  /** Users by ID list, or by comma-separated emails (the legacy form). */
  userList(operand: Operand): UserRow[] {
    const all = (this.users ??= this.store.users.all());
    const keys =
      typeof operand === 'string'
        ? operand
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [operand].flat();
    return keys.map((key) => {
      const user =
        typeof key === 'number'
          ? all.find((u) => u.id === key)
          : all.find(
              (u) =>
                u.delivery_email.toLowerCase() === key.toLowerCase() ||
                apiEmail(u, this.realm).toLowerCase() === key.toLowerCase(),
            );
      if (!user) throw badNarrow(`unknown user ${String(key)}`);
      return user;
    });
  }

  integer(operand: Operand, operator: string): number {
    const value = typeof operand === 'string' ? Number(operand) : operand;
    if (typeof value !== 'number' || !Number.isSafeInteger(value))
      throw badNarrow(`invalid ${operator} operand ${String(operand)}`);
    return value;
  }
}
