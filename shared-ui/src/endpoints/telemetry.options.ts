// What the telemetry module's read adds to its generated request (telemetry/<call>.gen.ts). Reports are sent with
// sendBeacon by the shell, not through the api.
import { query } from './inject';

// The state of the platform, not data to reuse: read afresh on every visit.
export const telemetryHealth = query({ keepUnusedDataFor: 0 });
