// The ledger: one settlement per payment intent, decided once by conditional state changes (no transactions).
//
//   open ──> recorded ──> revoking ──> refunded      (refund or dispute made at the provider)
//     ├────> refund_due ─────────────> refunded      (we give the money back: sold out, duplicate, ...)
//     └────> expired (never paid after a day, cancelled at the provider; settles if it was charged anyway)
//
// Every path that changes a seat or a payment first claims the row (owner + lease), does its writes and releases
// the row with its outcome. A path that finds the row claimed leaves a request on it (`pokes`, `revokeRequested`)
// that the owner honours before its release; a lease that runs out is taken over by reconciliation.
// `open` is written when the intent is created, so every charge has a row before money can move, and the
// reconciliation job finds every intent the browser or the provider's event never settled.

export const SETTLEMENT_STATES = ['open', 'recorded', 'refund_due', 'revoking', 'refunded', 'expired'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** Why money went (or is going) back; each has the message the student sees. */
export const REFUND_REASONS = {
  class_gone: 'This class no longer exists; your payment has been refunded',
  price_changed: 'The price of this class changed; your payment has been refunded',
  already_paid: 'You have already paid for this class; this payment has been refunded',
  sold_out: 'This class is sold out; your payment has been refunded',
  not_offered: 'This class is no longer offered; your payment has been refunded',
  refunded_at_provider: 'This payment has been refunded',
  disputed: 'This payment is disputed',
  cancelled: 'Your enrolment is cancelled and your payment refunded',
  credited: 'Your enrolment is cancelled and what you paid is kept as credit on your account',
  unpaid: 'The remaining payments failed, so the place was released; what you paid is kept as credit on your account',
  code_used_up: 'This code has been used up; your payment has been refunded',
  credit_gone: 'Your account credit was spent meanwhile; your payment has been refunded',
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
/**
 * What ends an enrolment: a full refund or a dispute at the provider, the family cancelling (we refund to the card,
 * or keep it as credit), or a plan's last installment failing (what was paid is kept as credit).
 */
export const REVOCATIONS = ['refunded_at_provider', 'disputed', 'cancelled', 'credited', 'unpaid'] as const;
export type Revocation = (typeof REVOCATIONS)[number];
/** The revocations we decide (the others are the provider's news): each is our refund, to the card or as credit. */
export const OUR_REVOCATIONS: readonly Revocation[] = ['cancelled', 'credited', 'unpaid'];
/** Where the money of an undone enrolment goes: back to the card, or to the family's account credit. */
export const CREDITED_REASONS: readonly RefundReason[] = ['credited', 'unpaid'];

/**
 * The price breakdown and plan an intent was opened at (pricing.ts), kept on its row: the settlement records the
 * enrolment at exactly these amounts, the ones the family saw.
 */
export interface StoredQuote {
  priceCents: number;
  earlyBirdCents: number;
  siblingCents: number;
  siblingPercent?: number;
  codeCents: number;
  code?: string;
  creditCents: number;
  totalCents: number;
  plan: 'full' | 'deposit';
  cardNowCents: number;
  depositCents?: number;
  installments?: { dueAt: Date; cents: number }[];
  lines: { kind: string; label: string; cents: number }[];
}

export interface Settlement {
  intentId: string;
  email: string;
  classId: string;
  selectionId: string;
  /** The camper the seat is for (absent: the account holder), and their name alone, kept after they are removed. */
  camperId?: string;
  camperName?: string;
  /** Cents, as charged (by card; 0 for a payment credit or discounts cover in full). */
  amount: number;
  /** The breakdown and plan the intent was opened at (absent on rows opened before there were any). */
  quote?: StoredQuote;
  state: SettlementState;
  /** Seen succeeded at the provider: money was taken, so an open row is owed a settlement. */
  charged: boolean;
  /** The enrolment (payments collection) once recorded. */
  paymentId?: string;
  reason?: RefundReason;
  refundAttempts: number;
  /** When the reconciliation job may next look at it (refund retries back off). */
  nextAttemptAt: Date;
  lastError?: string;
  /** Failed reconciliation attempts (each pushes nextAttemptAt further back). */
  attempts: number;
  /** Who holds the row's claim, and until when (absent when nobody does). */
  owner?: string;
  leaseUntil?: Date;
  /** Bumped by every path that asks while the row is claimed: the owner's release fails and it looks again. */
  pokes: number;
  /** A refund or dispute reported by the provider, or the student's cancellation, not yet acted on. */
  revokeRequested?: Revocation;
  /** Cents given back by a partial refund (the enrolment stays). */
  refundedAmount?: number;
  /** When the intent was cancelled at the provider (expiry). */
  cancelledAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const TERMINAL_STATES: readonly SettlementState[] = ['recorded', 'refunded'];
