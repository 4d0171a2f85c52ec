// What each of the discounts module's calls adds to its generated request (discounts/<call>.gen.ts): its cache tags.
import { mutation, query } from './inject';

const SETTINGS = [{ type: 'Discount' as const, id: 'SETTINGS' }];
const CODES = [{ type: 'Discount' as const, id: 'CODES' }];

export const discountsOverview = query({ providesTags: SETTINGS });
export const discountsSetSibling = mutation({ invalidatesTags: SETTINGS });
export const discountsSetEarlyBird = mutation({ invalidatesTags: SETTINGS });
export const discountsRemoveEarlyBird = mutation({ invalidatesTags: SETTINGS });
export const discountsCodes = query({ providesTags: CODES });
export const discountsCreateCode = mutation({ invalidatesTags: CODES });
export const discountsDisableCode = mutation({ invalidatesTags: CODES });
