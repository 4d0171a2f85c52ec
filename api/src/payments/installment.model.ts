// A payment plan's installments (docs/payments.md "Plans"): one row each, created when the deposit's enrolment is
// recorded, charged off-session on its date by the installment job (claimed like ledger rows: owner + lease).
//
//   scheduled ──> paid ──────────> refunded      (the enrolment was undone: back to the card, or kept as credit)
//       │           └──> refund_due ──> refunded (the card refund failed: retried)
//       ├──> cancelled                            (the enrolment ended before its date)
//       └──> released                             (its last retry failed: the seat was released)

export const INSTALLMENT_STATES = ['scheduled', 'paid', 'cancelled', 'released', 'refund_due', 'refunded'] as const;
export type InstallmentState = (typeof INSTALLMENT_STATES)[number];

export interface Installment {
  _id: string;
  /** The enrolment: the intent of its deposit (payments.transactionId, the ledger row's intentId). */
  enrolment: string;
  /** 1-based, of `of`. */
  n: number;
  of: number;
  email: string;
  classId: string;
  className: string;
  camperId?: string;
  camperName?: string;
  cents: number;
  dueAt: Date;
  state: InstallmentState;
  /** Failed charges so far; each retry's idempotency key counts them. */
  attempts: number;
  /** When the job may charge it (its date, then the retries), or retry its refund. */
  nextAttemptAt: Date;
  /** The first failure: retries are counted from it. */
  failedAt?: Date;
  lastError?: string;
  /** The last failure needs the family: the bank asks the cardholder to authenticate (they pay on-session). */
  needsCustomer?: boolean;
  /** The card saved with the deposit, and its customer at the provider. */
  customerId?: string;
  paymentMethodId?: string;
  /** The intent that paid it: the off-session charge, or the family's balance payment. */
  intentId?: string;
  paidAt?: Date;
  paidBy?: 'card' | 'balance';
  /** Where its money went when the enrolment was undone. */
  refundTo?: 'card' | 'credit';
  refundAttempts: number;
  owner?: string;
  leaseUntil?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** The idempotency key of an installment's charge: one per attempt, so a repeated attempt is the same charge. */
export const chargeKeyOf = (i: Pick<Installment, '_id' | 'attempts'>): string => `installment-${i._id}-${i.attempts}`;
