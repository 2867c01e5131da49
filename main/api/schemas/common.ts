/**
 * Pieces shared by the response schemas. Object schemas are loose: fields we do not know are
 * kept, and a newer server never breaks parsing; only a missing field we rely on fails. The
 * message schemas (message.ts) strip instead (unknown fields dropped, still never failing): they
 * parse thousands at a time, and copying the fields Parley never reads was most of that cost.
 */
import * as z from 'zod';

/** The success envelope every answer carries. */
export const SuccessEnvelope = z.looseObject({
  result: z.literal('success'),
  msg: z.string().optional(),
  /** FL 167: parameters this server did not understand. */
  ignored_parameters_unsupported: z.array(z.string()).optional(),
});

/** A group-setting value: a user group ID, or an anonymous group of users and subgroups. */
export const GroupSettingValue = z.union([
  z.number().int(),
  z.looseObject({ direct_members: z.array(z.number().int()), direct_subgroups: z.array(z.number().int()) }),
]);
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;

export interface VersionFields {
  zulip_feature_level?: number | undefined;
  service_feature_level?: number | undefined;
  zulip_version?: string | undefined;
  service_version?: string | undefined;
  zulip_merge_base?: string | undefined;
  service_merge_base?: string | undefined;
}

/** The version fields under both names: Zulip sends zulip_*, the spec names service_*. */
export const versionFields = {
  zulip_feature_level: z.number().int().optional(),
  service_feature_level: z.number().int().optional(),
  zulip_version: z.string().optional(),
  service_version: z.string().optional(),
  zulip_merge_base: z.string().optional(),
  service_merge_base: z.string().optional(),
};

/** Feature level under either name; missing counts as 0, as the API says. */
export function readVersion(v: VersionFields): { featureLevel: number; version: string; mergeBase: string } {
  return {
    featureLevel: v.service_feature_level ?? v.zulip_feature_level ?? 0,
    version: v.service_version ?? v.zulip_version ?? '',
    mergeBase: v.service_merge_base ?? v.zulip_merge_base ?? '',
  };
}
