/** The bouncer's endpoints, relative to /api/v1. */
import { ApiError } from '../http/errors';
import type { Params } from '../http/params';
import { notifyDevice } from './notify';
import { registerDevice } from './register';
import type { BouncerState } from './state';

export interface BouncerRoute {
  method: 'GET' | 'POST';
  path: string;
  /** 'remote': HTTP Basic with a chat server's organization ID and key. */
  auth: 'remote' | 'none';
  /** Only served when the bouncer runs with test routes on. */
  testOnly?: boolean;
  handler(ctx: { state: BouncerState; orgId: string | null; params: Params }): Record<string, unknown>;
}

function remote(orgId: string | null): string {
  // The dispatcher authenticates before calling; reaching here without an org is a bug.
  if (orgId === null) throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'Route needs an authenticated server');
  return orgId;
}

export const BOUNCER_ROUTES: readonly BouncerRoute[] = [
  {
    method: 'GET',
    path: '/bouncer/public_keys',
    auth: 'none',
    /** The keys a client release may bake in; the current one first. */
    handler: ({ state }) => ({
      current_public_key: state.keys.currentPublicKey,
      public_keys: state.keys.publicKeys.reverse(),
    }),
  },
  {
    method: 'POST',
    path: '/remotes/push/e2ee/register',
    auth: 'remote',
    handler: ({ state, orgId, params }) => registerDevice(state, remote(orgId), params),
  },
  {
    method: 'POST',
    path: '/remotes/push/e2ee/notify',
    auth: 'remote',
    handler: ({ state, orgId, params }) => notifyDevice(state, remote(orgId), params),
  },
  {
    method: 'GET',
    path: '/parley_test/pushes',
    auth: 'none',
    testOnly: true,
    /** What the bouncer would have handed to FCM/APNs, oldest first. */
    handler: ({ state, params }) => ({ pushes: state.registry.pushes(params.int('device_id')).map(pushView) }),
  },
];

function pushView(p: ReturnType<BouncerState['registry']['pushes']>[number]): Record<string, unknown> {
  return {
    device_id: p.deviceId,
    realm_uuid: p.realmUuid,
    token: p.token,
    token_kind: p.tokenKind,
    payload: p.payload,
    pushed_at: p.pushedAt,
  };
}

/** Reads `Authorization: Basic base64(org_id:org_key)`. */
export function basicCredentials(header: string | undefined): { orgId: string; orgKey: string } {
  if (header === undefined || header === '')
    throw new ApiError(401, 'UNAUTHORIZED', 'Missing HTTP basic authentication');
  const [scheme, encoded] = header.split(' ', 2);
  if (scheme?.toLowerCase() !== 'basic' || encoded === undefined) {
    throw new ApiError(401, 'UNAUTHORIZED', 'This endpoint requires HTTP basic authentication.');
  }
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new ApiError(401, 'UNAUTHORIZED', 'Invalid authorization header for basic auth');
  return { orgId: decoded.slice(0, colon), orgKey: decoded.slice(colon + 1) };
}
