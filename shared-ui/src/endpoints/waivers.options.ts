// What each of the waivers module's calls adds to its generated request (waivers/<call>.gen.ts).
import { mutation, query } from './inject';

export const waiversCurrent = query();
export const waiversVersions = query();
export const waiversPublish = mutation();
export const waiversFamily = query();
export const waiversSign = mutation();
export const waiversSignatures = query();
// A file fetched on demand, never cached.
export const waiversDocument = mutation();
