import { ApiError, realmDeactivated, userDeactivated } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { verifyPassword } from '../store/passwords';

/** Zulip's answer to a wrong password or unknown user: the same words either way. */
function authenticationFailed(): ApiError {
  return new ApiError(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');
}

export const authRoutes: ApiRoute[] = [
  {
    /**
     * POST /fetch_api_key: trades username (the real email) and password for the API key.
     * Like Zulip, a deactivated organization or account is reported as such before the password
     * is checked; an unknown user and a wrong password get the same error.
     */
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'none',
    handler: ({ app, params }) => {
      const username = params.requiredString('username');
      const password = params.requiredString('password');
      const realm = app.store.realm.get();
      if (realm.deactivated === 1) throw realmDeactivated();
      const user = app.store.users.byDeliveryEmail(username.trim());
      if (!user || user.password_hash === null) throw authenticationFailed();
      if (user.is_active !== 1) throw userDeactivated();
      if (!verifyPassword(password, user.password_hash)) throw authenticationFailed();
      return { api_key: user.api_key, email: user.delivery_email, user_id: user.id };
    },
  },
];
