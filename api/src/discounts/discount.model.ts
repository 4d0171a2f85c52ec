// Discounts an admin sets (docs/product.md §P3): the sibling discount, early-bird prices (stored with each class)
// and promo codes.

export const CODE_KINDS = ['percent', 'amount'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** The notices of applying a code (exact texts). */
export const CODE_MESSAGES = {
  invalid: 'This code is not valid',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
} as const;

export const SIBLING_PERCENT_MAX = 50;
export const CODE_USES_MAX = 10_000;

export interface PromoCode {
  _id: string;
  /** Upper case: a code is typed in any case. */
  code: string;
  kind: CodeKind;
  /** Percent off (1-100), or dollars off. */
  value: number;
  /** The last day it applies (a camp date, YYYY-MM-DD). */
  validUntil: string;
  maxUses: number;
  /** Uses taken: paid for, or held by a payment being made. */
  used: number;
  /** Only for this class, when set. */
  classId?: string;
  className?: string;
  /** Switched off by an admin: applies no more (uses already taken are honoured). */
  disabled: boolean;
  createdAt: Date;
}

/**
 * A use of a code, taken by one checkout (a selection being paid for): held while the family pays, then paid.
 * A hold nobody paid goes back after `until`.
 */
export interface CodeHolder {
  key: string;
  email: string;
  until: Date;
  paid: boolean;
  intentId?: string;
}

export interface DiscountSettings {
  /** Off the price of the second and later campers of one family in the same class or week; 0: none. */
  siblingPercent: number;
}
