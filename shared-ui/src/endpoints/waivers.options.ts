// What each of the waivers module's calls adds to its generated request (waivers/<call>.gen.ts): its cache tags.
// 'Waiver' is the published text (publishing refreshes it, and so the family's waivers); 'WaiverSignature' is who
// signed it (signing refreshes the family's waivers and the signatures list).
import { mutation, query } from './inject';

export const waiversCurrent = query({ providesTags: ['Waiver'] });
export const waiversVersions = query({ providesTags: ['Waiver'] });
export const waiversPublish = mutation({ invalidatesTags: ['Waiver'] });
// Read each time the Payment screen asks whether a camper still has to sign.
export const waiversFamily = query({ providesTags: ['Waiver', 'WaiverSignature'], keepUnusedDataFor: 0 });
export const waiversSign = mutation({ invalidatesTags: ['WaiverSignature'] });
export const waiversSignatures = query({ providesTags: ['WaiverSignature'] });
// A file fetched on demand, never cached.
export const waiversDocument = mutation();
