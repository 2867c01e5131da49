import type { ApiRoute, AssetRoute } from '../http/route';
import { assetRoutes } from './assets';
import { authRoutes } from './auth';
import { eventRoutes } from './events';
import { messageGetRoutes } from './messages_get';
import { messageSendRoutes } from './messages_send';
import { pushRoutes } from './push';
import { registerRoutes } from './register';
import { serverSettingsRoutes } from './server_settings';
import { userRoutes } from './users';
import { userTopicRoutes } from './user_topics';

/** Every API route. New areas add a routes/<area>.ts file and list it here. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...serverSettingsRoutes,
  ...authRoutes,
  ...registerRoutes,
  ...eventRoutes,
  ...messageSendRoutes,
  ...messageGetRoutes,
  ...userTopicRoutes,
  ...userRoutes,
  ...pushRoutes,
];

export const ASSET_ROUTES: readonly AssetRoute[] = assetRoutes;
