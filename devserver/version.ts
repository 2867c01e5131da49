/**
 * What this server claims to be. Feature level 420 is the newest level described in
 * /work/shared/reference/protocol-notes.md; both the zulip_* and service_* names are sent.
 * With --feature-level N it claims level N (devserver/levels/ makes it behave so).
 */
import { RELEASES } from './levels/table';

export const NEWEST_FEATURE_LEVEL = 420;
/** The oldest level the gating tables describe fully: Zulip 8.0. */
export const OLDEST_FEATURE_LEVEL = 237;

/** "11.0-parley-dev" for the newest; an older level names the Zulip release it belongs to. */
export function versionName(level: number): string {
  const release = RELEASES.find((r) => level <= r.level);
  if (level === NEWEST_FEATURE_LEVEL || !release) return '11.0-parley-dev';
  return level === release.level ? `${release.version}-parley` : `${release.version}-dev-parley`;
}

export function versionFields(level: number): Record<string, unknown> {
  const version = versionName(level);
  return {
    zulip_feature_level: level,
    zulip_version: version,
    zulip_merge_base: version,
    service_feature_level: level,
    service_version: version,
    service_merge_base: version,
  };
}
