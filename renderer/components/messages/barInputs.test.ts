import { describe, expect, it } from 'vitest';
import type { Sidebar } from '../../../common/model';
import { sidebar } from '../../testing/fixtures';
import { channelColors, steadyNames } from './barInputs';

/** A delta as the sidebar state makes it: new objects for the channel it touches, the users kept. */
function withChannel(base: Sidebar, id: number, change: Partial<Sidebar['channels'][number]>): Sidebar {
  return { ...base, channels: base.channels.map((c) => (c.id === id ? { ...c, ...change } : c)) };
}

describe('the recipient bars inputs', () => {
  it('stay the same objects over a delta that changes only counts', () => {
    const before = sidebar();
    const after = withChannel(before, 1, { unreadCount: 4 });
    const colors = channelColors(before, null);
    const names = steadyNames(before, null);
    expect(colors?.get(1)).toBe('#76ce90');
    expect(names?.channels).toEqual([
      { id: 1, name: 'general' },
      { id: 2, name: 'design' },
    ]);
    expect(channelColors(after, colors)).toBe(colors);
    expect(steadyNames(after, names)).toBe(names);
  });

  it('are new when a colour, a name or the users change', () => {
    const before = sidebar();
    const colors = channelColors(before, null);
    const names = steadyNames(before, null);
    const recoloured = channelColors(withChannel(before, 2, { color: '#ff0000' }), colors);
    expect(recoloured).not.toBe(colors);
    expect(recoloured?.get(2)).toBe('#ff0000');
    const renamed = steadyNames(withChannel(before, 2, { name: 'product' }), names);
    expect(renamed?.channels[1]?.name).toBe('product');
    expect(steadyNames({ ...before, users: [...before.users] }, names)).not.toBe(names);
    expect(channelColors({ ...before, channels: before.channels.slice(1) }, colors)?.has(1)).toBe(false);
  });
});
