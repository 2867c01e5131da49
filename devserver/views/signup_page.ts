/**
 * The small HTML pages of invitation sign-up: the form at an invitation link, the page after a
 * successful sign-up, and the error page. Plain server-rendered HTML, every value escaped.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
  button { margin-top: 1.5rem; padding: .6rem 1.2rem; font: inherit; }
  .error { color: #a00; background: #fee; padding: .5rem .75rem; border-radius: 4px; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface SignUpForm {
  realmName: string;
  key: string;
  roleName: string;
  inviterName: string;
  /** Values to put back into the form after a refused attempt. */
  email?: string;
  /** An emailed invitation's: the address is the invitation's, shown but not editable. */
  emailFixed?: boolean;
  fullName?: string;
  error?: string;
}

export function signUpPage(form: SignUpForm): string {
  const error = form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : '';
  return page(
    `Join ${form.realmName}`,
    `<h1>Join ${escapeHtml(form.realmName)}</h1>
<p>${escapeHtml(form.inviterName)} invited you to join as ${escapeHtml(form.roleName)}.</p>
${error}
<form method="post" action="/accounts/register/">
  <input type="hidden" name="key" value="${escapeHtml(form.key)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required value="${escapeHtml(form.email ?? '')}"${form.emailFixed ? ' readonly' : ''}>
  <label for="full_name">Full name</label>
  <input id="full_name" name="full_name" required value="${escapeHtml(form.fullName ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required minlength="6">
  <input type="hidden" name="timezone" id="timezone" value="">
  <button type="submit">Sign up</button>
</form>
<script>document.getElementById('timezone').value = Intl.DateTimeFormat().resolvedOptions().timeZone;</script>`,
  );
}

export function welcomePage(realmName: string, realmUrl: string, email: string, userId: number): string {
  return page(
    `Welcome to ${realmName}`,
    `<h1>Welcome to ${escapeHtml(realmName)}</h1>
<p>Your account <strong data-user-id="${userId}">${escapeHtml(email)}</strong> is ready.</p>
<p>Sign in from Parley with the organization URL <code>${escapeHtml(realmUrl)}</code>, this email and your password.</p>`,
  );
}

export function invalidLinkPage(): string {
  return page(
    'Invitation link invalid',
    `<h1>Whoops. The confirmation link has expired or been deactivated.</h1>
<p>Ask the person who invited you for a new invitation link.</p>`,
  );
}
