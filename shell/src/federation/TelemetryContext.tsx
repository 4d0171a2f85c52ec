import { createContext, useContext } from 'react';
import type { Telemetry } from './telemetry';

const TelemetryContext = createContext<Pick<Telemetry, 'renderFailed'> | null>(null);

export const TelemetryProvider = TelemetryContext.Provider;

/** The page's error reporter; none on the server and in tests that do not give one. */
export const useTelemetry = () => useContext(TelemetryContext);
