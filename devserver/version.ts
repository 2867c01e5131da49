/**
 * What this server claims to be. Feature level 420 is the newest level described in
 * /work/shared/reference/protocol-notes.md; both the zulip_* and service_* names are sent.
 */
export const FEATURE_LEVEL = 420;
export const VERSION = '11.0-parley-dev';
export const MERGE_BASE = '11.0-parley-dev';

export function versionFields(): Record<string, unknown> {
  return {
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: VERSION,
    zulip_merge_base: MERGE_BASE,
    service_feature_level: FEATURE_LEVEL,
    service_version: VERSION,
    service_merge_base: MERGE_BASE,
  };
}
