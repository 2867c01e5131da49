/** Every migration of an account database, in order. Add new ones at the end, never edit old ones. */
import type { Migration } from '../../migrate';
import { initialAccountSchema } from './0001-initial';

export const accountMigrations: readonly Migration[] = [initialAccountSchema];
