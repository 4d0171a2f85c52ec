// The family's account: every movement of money about its enrolments, one row each, keyed by the event that made
// it (an idempotency key: writing the same event again changes nothing). Amounts are cents, signed as what the
// family owes: a charge is +, a discount, a payment or credit used is -, money going back (refund, credit issued)
// is +. For one class and family they add up to the installments still scheduled (docs/payments.md "Money").

export const MOVEMENT_KINDS = [
  /** The class's price, when an enrolment is recorded. */
  'charge',
  /** Early-bird, sibling discount or promo code (one row each). */
  'discount',
  /** Card money received: the payment in full, the deposit, an installment or a balance paid. */
  'payment',
  /** Account credit spent on the enrolment. */
  'credit_used',
  /** Card money given back. */
  'refund',
  /** Money moved to the family's account credit (a cancellation kept as credit, credit used by an undone enrolment). */
  'credit_issued',
  /** The enrolment ended: what it still charged (price less discounts) is withdrawn. */
  'charge_reversed',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** The kinds that move the family's credit balance (the sum of their cents, which never goes below 0). */
export const CREDIT_KINDS: readonly MovementKind[] = ['credit_issued', 'credit_used'];

export interface Movement {
  _id: string;
  /** The family (its account's e-mail). */
  email: string;
  /** The family's movements in order: a new one takes the next number, or retries (so a spend never overdraws). */
  seq: number;
  key: string;
  kind: MovementKind;
  cents: number;
  /** What the row says on the statement and the receipt ('Early-bird', 'Code SUMMER10', 'Installment 2 of 3'). */
  label: string;
  classId: string;
  className: string;
  camperId?: string;
  camperName?: string;
  /** The enrolment it belongs to: the intent of its first payment (payments.transactionId). */
  enrolment: string;
  /** The provider's intent the money moved with (payments, refunds). */
  intentId?: string;
  /** When it happened on the camp's clock. */
  at: Date;
}

export type NewMovement = Omit<Movement, '_id' | 'seq' | 'at'> & { at?: Date };

/** Not enough credit for a spend (someone else spent it meanwhile). */
export class InsufficientCreditError extends Error {
  constructor(readonly balance: number) {
    super(`Only ${balance} cents of credit are left`);
  }
}
