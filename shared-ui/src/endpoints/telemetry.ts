// The telemetry module's read (page loads and errors per release, for Platform Status). Generated request:
// telemetry.gen.ts. Reports are sent with sendBeacon by the shell, not through the api.
import { telemetryEndpoints } from './telemetry.gen';

export const telemetryApi = telemetryEndpoints.enhanceEndpoints({
  // The state of the platform, not data to reuse: read afresh on every visit.
  endpoints: { telemetryHealth: { keepUnusedDataFor: 0 } },
});

export * from './telemetry.gen';
