import type { CampClass } from '../classes/class.model';
// A recorded (paid) enrolment.
export interface Payment {
  _id: string;
  email: string;
  className: string;
  transactionId: string;
  price: number;
  classId: string;
  selectionId: string;
  date: Date;
  status: string;
  /** Dollars given back by a partial refund (the enrolment stays). */
  refundedAmount?: number;
  /** The camper enrolled (absent: the account holder), and their name when paid. */
  camperId?: string;
  camperName?: string;
  /** The price breakdown it was paid at (pricing.ts; cents), for the receipt and the lists. */
  lines?: { kind: string; label: string; cents: number }[];
}

export const PAYMENT_STATUS_PENDING_SERVICE = 'service pending';

// What the payment calls answer (the OpenAPI classes in payment.responses.ts implement these).

/** One line of a price breakdown in dollars (discounts and credit negative), as every screen shows it. */
export interface PriceLineView {
  kind: string;
  label: string;
  amount: number;
}

export interface InstallmentView {
  amount: number;
  dueAt: Date;
}

/** The price of the seat as the payment page shows it (dollars), computed by the server. */
export interface QuoteView {
  lines: PriceLineView[];
  /** What the family pays in money, now and later. */
  total: number;
  plan: 'full' | 'deposit';
  /** Charged by card now (0: credit or discounts pay it all). */
  dueNow: number;
  creditUsed: number;
  code?: string;
  deposit?: number;
  installments?: InstallmentView[];
}

/** The choices the payment page offers (dollars). */
export interface CheckoutOffersView {
  /** The total after discounts, paid in full. */
  full: number;
  /** The class's plan now: its deposit and installments (absent: none). */
  plan?: { deposit: number; installments: InstallmentView[] };
  /** The family's account credit. */
  credit: number;
}

export interface IntentCreated {
  clientSecret: string;
  paymentIntentId: string;
  /** Dollars charged by card now. */
  amount: number;
  currency: string;
  quote: QuoteView;
  offers: CheckoutOffersView;
}

export interface CodeApplied {
  code: string;
  /** Dollars off this seat's price. */
  amount: number;
  lines: PriceLineView[];
}

export interface PaymentRecorded {
  insertResult: { insertedId: string };
  deleteResult: { deletedCount: number };
  /** True for every call but the one that recorded the payment: nothing changed, same insertedId. */
  alreadyRecorded: boolean;
}

/** One installment of an enrolment's plan, as the family and the admins see it (dollars). */
export interface PlanInstallment {
  n: number;
  of: number;
  amount: number;
  dueAt: Date;
  state: string;
  /** Failed charges so far (retried after 1 and 3 days). */
  attempts: number;
  /** When the next charge is attempted, while it is scheduled. */
  nextAttemptAt?: Date;
}

/** What is left to pay on a plan: the unpaid installments, and the date of the next charge. */
export interface BalanceDue {
  amount: number;
  dueAt: Date;
  /** The last charge failed (the family may pay now, on-session). */
  failed: boolean;
}

export type EnrolledItem = Pick<
  Payment,
  '_id' | 'className' | 'transactionId' | 'price' | 'date' | 'status' | 'classId' | 'camperId' | 'camperName'
> &
  /** The class's schedule as it is now (the payment keeps no copy of it). */
  Partial<Pick<CampClass, 'startDate' | 'sessions'>> & {
    /** The student may cancel until then: CANCEL_CUTOFF_HOURS before the class starts, or CANCEL_UNDATED_DAYS after payment for a class without a date. */
    cancelUntil?: Date;
    /** The price breakdown it was paid at (absent for enrolments paid before there were any). */
    lines?: PriceLineView[];
    /** A plan's installments. */
    installments?: PlanInstallment[];
    balanceDue?: BalanceDue;
  };

/**
 * The student cancelled an enrolment: what was paid goes back to the card (`refunded` now, or `refund_due`:
 * retried), or is kept as account credit.
 */
export interface EnrolmentCancelled {
  cancelled: true;
  className: string;
  /** Dollars back to the card. */
  refund: number;
  /** Dollars kept as account credit (the credit used for it included). */
  credit: number;
  refundTo: 'card' | 'credit';
  refundState: 'refunded' | 'refund_due';
  camperId?: string;
  camperName?: string;
}

export interface SandboxConfirmed {
  paymentIntent: { id: string; status: string; amount: number; currency: string };
}

export interface UnsettledItem {
  intentId: string;
  state: string;
  /** Seen succeeded at the provider; false: not known yet (maybe never paid). */
  charged: boolean;
  email: string;
  classId: string;
  reason?: string;
  refundAttempts: number;
  lastError?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A recorded payment partly given back (the enrolment stays). */
export type PartialRefundItem = Pick<
  Payment,
  '_id' | 'email' | 'className' | 'classId' | 'transactionId' | 'price' | 'date'
> & { refundedAmount: number };

export interface PartialRefundList {
  count: number;
  items: PartialRefundItem[];
}

export interface UnsettledList {
  count: number;
  items: UnsettledItem[];
}

/** An installment in the admins' lists (dollars), with the family and the class. */
export interface InstallmentItem extends PlanInstallment {
  _id: string;
  enrolment: string;
  email: string;
  camperName?: string;
  classId: string;
  className: string;
  lastError?: string;
  needsCustomer?: boolean;
}

/** The admins' month (dollars): card money collected, installments still scheduled in it, money refunded. */
export interface PaymentsSummary {
  /** YYYY-MM, in the camp's time zone. */
  month: string;
  collected: number;
  scheduled: number;
  refunded: number;
}

/** An on-session intent for what is left of a plan. */
export interface BalanceIntent {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export interface BalancePaid {
  /** Dollars applied to the installments. */
  paid: number;
  /** Dollars given back: installments already paid meanwhile (by the job, or another payment). */
  refunded: number;
}
