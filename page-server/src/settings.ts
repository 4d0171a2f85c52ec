import { httpUrl, optional, secret, type SettingCheck } from '@sportify/platform';
import { DEV_OPS_KEY, DEV_OVERRIDE_KEY } from './override.js';
import { DEV_REPORT_KEY } from './report-key.js';

/**
 * What a page server needs in production mode, checked at start (each missing or unusable one named): without them
 * it does not start, rather than serving with a development default.
 */
export const PAGE_SERVER_SETTINGS: Record<string, SettingCheck> = {
  SPORTIFY_API_URL: httpUrl('the API behind /api, the server renders and the admin check'),
  SPORTIFY_OPS_KEY: secret("the operators' key (error reports, the canaries' health)", { notOneOf: [DEV_OPS_KEY] }),
  SPORTIFY_REPORT_KEY: secret("signs report tokens and cohort cookies (the API's same key)", {
    notOneOf: [DEV_REPORT_KEY],
  }),
  // Optional: without it no override is possible; with it, a key of its own.
  SPORTIFY_OVERRIDE_KEY: optional((value, env) =>
    value === env.SPORTIFY_OPS_KEY
      ? "must not be the operators' key SPORTIFY_OPS_KEY (override links need a key of their own)"
      : secret('signs override links and cookies', { notOneOf: [DEV_OVERRIDE_KEY, DEV_OPS_KEY] })(value, env),
  ),
};
