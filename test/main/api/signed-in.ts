/** Test helper: an ApiClient signed in as a seeded dev-server user, through the real fetch_api_key. */
import { ApiClient } from '../../../main/api/client';
import { fetchApiKey } from '../../../main/api/routes/auth';
import type { DevServerUser, RunningDevServer } from '../../helpers/devserver';

export interface SignedIn {
  client: ApiClient;
  userId: number;
  email: string;
}

export async function signIn(dev: RunningDevServer, user: DevServerUser): Promise<SignedIn> {
  const base = new ApiClient({ realmUrl: dev.baseUrl });
  const key = await fetchApiKey(base, { username: user.email, password: user.password });
  return { client: base.withAuth({ email: key.email, apiKey: key.api_key }), userId: key.user_id, email: key.email };
}

/** Two distinct members (role 400), or a member and the owner if the seed has only one. */
export function twoHumans(dev: RunningDevServer): [DevServerUser, DevServerUser] {
  const members = dev.users.filter((u) => u.role === 400);
  const first = members[0] ?? dev.byRole(100);
  const second = members[1] ?? dev.users.find((u) => u.userId !== first.userId);
  if (!second) throw new Error('the demo seed should have at least two users');
  return [first, second];
}
