/**
 * Redirects of requests that carry a secret (a password in the body, the API key in the
 * Authorization header) are never followed: fetch would re-post the body on a 307/308 and send it
 * to wherever the Location points, http included. The request fails instead, naming the new place,
 * so the person can decide to sign in there.
 */
import { RedirectRefusedError } from './errors';
import type { RequestLabel } from './envelope';
import type { HttpAnswer } from './transport';

/** Where a 3xx answer points, as origin and path only (a query may carry anything), or null. */
function redirectTarget(status: number, location: string | null, requestUrl: URL): string | null {
  if (status < 300 || status > 399 || location === null) return null;
  try {
    const target = new URL(location, requestUrl);
    return `${target.origin}${target.pathname}`;
  } catch {
    return location.slice(0, 200);
  }
}

/** Throws RedirectRefusedError when `res` is a redirect; a no-op for any other answer. */
export function refuseRedirect(res: HttpAnswer, requestUrl: URL, label: RequestLabel): void {
  const target = redirectTarget(res.status, res.header('location'), requestUrl);
  if (target === null) return;
  res.discard();
  const moved = new URL(target).origin === requestUrl.origin ? target : new URL(target).origin;
  throw new RedirectRefusedError(
    `${label.host} answered ${label.method} ${label.path} with a redirect (HTTP ${res.status}) to ${target}. ` +
      `Parley does not follow a redirect with your password or API key; if your organization moved, sign in at ${moved}.`,
    { httpStatus: res.status, location: target },
  );
}
