import { expect, it } from 'vitest';
import { isPermissionGranted } from '../../main/shell/permissions';

it('grants notifications and nothing else', () => {
  expect(isPermissionGranted('notifications')).toBe(true);
  for (const permission of [
    'media',
    'geolocation',
    'clipboard-read',
    'midi',
    'hid',
    'openExternal',
    'fullscreen',
    '',
  ]) {
    expect(isPermissionGranted(permission), permission).toBe(false);
  }
});
