/**
 * The browser half of "sign in with the browser" (SSO) for desktop and mobile clients: the
 * client opens /accounts/login/?mobile_flow_otp=<64 hex digits>, the user signs in on this
 * page, and the answer is Zulip's create_response_for_otp_flow redirect:
 *   302 Location: zulip://login?realm=…&email=…&user_id=…&otp_encrypted_api_key=…
 * where the key is otp_encrypt_api_key: the hex of the ASCII key, XOR-ed hex digit by hex digit
 * with the pad. desktop_flow_otp is accepted under the same rules (see main/auth/otp.ts).
 *
 * GET shows the form; it posts the pad, email and password back to the same address (a test
 * can sign in with that one POST).
 */
import type { App } from '../app';
import { readParams } from '../http/body';
import type { AssetResult, AssetRoute } from '../http/route';
import { verifyPassword } from '../store/passwords';

const OTP = /^[0-9a-fA-F]{64}$/;
const HTML = 'text/html; charset=utf-8';

type Answer = AssetResult;
const NO_STORE = 'no-store';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Zulip's otp_encrypt_api_key. */
export function otpEncryptApiKey(apiKey: string, otp: string): string {
  const hex = Buffer.from(apiKey, 'latin1').toString('hex');
  let out = '';
  for (let i = 0; i < hex.length; i++) {
    out += (parseInt(hex.charAt(i), 16) ^ parseInt(otp.charAt(i), 16)).toString(16);
  }
  return out;
}

function page(status: number, otpParam: string, otp: string, email: string, problem: string | null): Answer {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Log in</title></head>
<body>
<h1>Log in to the dev server</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/accounts/login/">
  <input type="hidden" name="${otpParam}" value="${escapeHtml(otp)}">
  <label>Email <input name="email" type="email" value="${escapeHtml(email)}" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Log in</button>
</form>
</body></html>`;
  return { status, contentType: HTML, body, cacheControl: NO_STORE };
}

function redirect(app: App, otp: string, user: { id: number; delivery_email: string; api_key: string }): Answer {
  const query = new URLSearchParams({
    realm: app.baseUrl,
    email: user.delivery_email,
    user_id: String(user.id),
    otp_encrypted_api_key: otpEncryptApiKey(user.api_key, otp),
  });
  const location = `zulip://login?${query.toString()}`;
  return {
    status: 302,
    contentType: HTML,
    location,
    cacheControl: NO_STORE,
    body: `<!doctype html><p><a href="${escapeHtml(location)}">Continue in the app</a></p>`,
  };
}

function otpOf(params: Map<string, string>): { otpParam: string; otp: string } | null {
  const otpParam = params.has('desktop_flow_otp') ? 'desktop_flow_otp' : 'mobile_flow_otp';
  const otp = params.get(otpParam) ?? '';
  return OTP.test(otp) ? { otpParam, otp } : null;
}

const badOtp: Answer = {
  status: 400,
  contentType: HTML,
  body: '<!doctype html><p>Invalid one-time pad: 64 hex digits expected.</p>',
  cacheControl: NO_STORE,
};

export const ssoLoginRoutes: AssetRoute[] = [
  {
    /** GET /accounts/login/: the login page of the browser sign-in flow (needs mobile_flow_otp or desktop_flow_otp). */
    method: 'GET',
    path: '/accounts/login',
    handler: ({ url }) => {
      const found = otpOf(new Map(url.searchParams));
      return found ? page(200, found.otpParam, found.otp, '', null) : badOtp;
    },
  },
  {
    /**
     * POST /accounts/login/: the form's answer. With the pad and a right email and password it
     * answers the zulip://login redirect; otherwise the form again, saying what was wrong.
     */
    method: 'POST',
    path: '/accounts/login',
    handler: async ({ app, url, req }) => {
      const params = await readParams(req, url);
      const found = otpOf(params);
      if (!found) return badOtp;
      const { otpParam, otp } = found;
      const email = (params.get('email') ?? '').trim();
      const password = params.get('password') ?? '';
      if (app.store.realm.get().deactivated === 1) {
        return page(403, otpParam, otp, email, 'This organization is deactivated.');
      }
      const user = app.store.users.byDeliveryEmail(email);
      if (!user || user.password_hash === null || !verifyPassword(password, user.password_hash)) {
        return page(401, otpParam, otp, email, 'Your username or password is incorrect.');
      }
      if (user.is_active !== 1) return page(403, otpParam, otp, email, 'Your account has been deactivated.');
      return redirect(app, otp.toLowerCase(), user);
    },
  },
];
