/** Every migration of the app database, in order. Add new ones at the end, never edit old ones. */
import type { Migration } from '../../migrate';
import { initialAppSchema } from './0001-initial';

export const appMigrations: readonly Migration[] = [initialAppSchema];
