/** What the demo's terminal ends with: where Parley is, and how to sign in (anywhere else, too). */
export function readyLines(o: {
  where: string;
  server: { baseUrl: string; realmName: string };
  email: string;
  password: string;
}): string[] {
  return [
    '',
    `Parley is ready: ${o.where}`,
    `  Organization: ${o.server.realmName} at ${o.server.baseUrl}`,
    `  Sign in as:   ${o.email}, password ${o.password} (this app is signed in already)`,
    'Ctrl-C stops the demo.',
  ];
}
