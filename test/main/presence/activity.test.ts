/** The app's activity monitor: what the renderer reports, how long "active" lasts, and who is told. */
import { describe, expect, it, vi } from 'vitest';
import { ACTIVE_REPORT_LIFETIME_MS, ActivityMonitor } from '../../../main/presence/activity';

function monitor() {
  const clock = { now: 1_000 };
  return { clock, activity: new ActivityMonitor(() => clock.now) };
}

describe('ActivityMonitor', () => {
  it('starts idle and follows the reports', () => {
    const { activity } = monitor();
    expect(activity.isActive()).toBe(false);
    activity.report({ active: true });
    expect(activity.isActive()).toBe(true);
    activity.report({ active: false });
    expect(activity.isActive()).toBe(false);
  });

  it('lets an active report lapse unless it is renewed', () => {
    const { clock, activity } = monitor();
    activity.report({ active: true });
    clock.now += ACTIVE_REPORT_LIFETIME_MS - 1;
    expect(activity.isActive()).toBe(true);
    activity.report({ active: true });
    clock.now += ACTIVE_REPORT_LIFETIME_MS - 1;
    expect(activity.isActive()).toBe(true);
    clock.now += 1;
    expect(activity.isActive()).toBe(false);
  });

  it('tells listeners when the user comes back, not on every renewal', () => {
    const { clock, activity } = monitor();
    const back = vi.fn();
    const stop = activity.onBecameActive(back);
    activity.report({ active: true });
    activity.report({ active: true });
    expect(back).toHaveBeenCalledTimes(1);
    clock.now += ACTIVE_REPORT_LIFETIME_MS;
    activity.report({ active: true });
    expect(back).toHaveBeenCalledTimes(2);
    stop();
    activity.report({ active: false });
    activity.report({ active: true });
    expect(back).toHaveBeenCalledTimes(2);
  });

  it('remembers when there was input', () => {
    const { clock, activity } = monitor();
    activity.report({ active: true });
    expect(activity.inputSince(0)).toBe(false);
    activity.report({ active: true, input: true });
    expect(activity.inputSince(clock.now - 1)).toBe(true);
    expect(activity.inputSince(clock.now)).toBe(false);
  });
});
