import type { BodyRules } from '../common/body-parsers';

/** The reports' body: JSON, also as text/plain (navigator.sendBeacon sends a string so), at most 16 KB. */
export const TELEMETRY_BODY: BodyRules = {
  bodyLimit: 16 * 1024,
  tooLarge: 'A telemetry batch must be at most 16KB',
  textAsJson: true,
};
