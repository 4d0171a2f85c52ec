import { toCents } from '@sportify/platform/money';

/**
 * What a seat in a class costs, in cents: the one rule an intent is opened at and a settlement checks the charge
 * against (a charge for another amount is refunded as `price_changed`).
 */
export const amountDue = (cls: { price: number }): number => toCents(cls.price);
