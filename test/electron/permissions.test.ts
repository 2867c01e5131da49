import { expect, it } from 'vitest';
import { isPermissionGranted } from '../../main/shell/permissions';

it('grants clipboard writes to the app page only, never reads', () => {
  expect(isPermissionGranted('clipboard-sanitized-write', 'app://parley/')).toBe(true);
  expect(isPermissionGranted('clipboard-sanitized-write', 'app://parley')).toBe(true);
  for (const elsewhere of [
    '',
    'not a url',
    'https://parley/',
    'app://parley.evil/',
    'file:///index.html',
    'app:parley',
  ]) {
    expect(isPermissionGranted('clipboard-sanitized-write', elsewhere), elsewhere).toBe(false);
  }
  expect(isPermissionGranted('clipboard-read', 'app://parley/')).toBe(false);
});

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
