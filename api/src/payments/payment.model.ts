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
}

export const PAYMENT_STATUS_PENDING_SERVICE = 'service pending';

// What the payment calls answer (the OpenAPI classes in payment.responses.ts implement these).
export interface IntentCreated {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export interface PaymentRecorded {
  insertResult: { insertedId: string };
  deleteResult: { deletedCount: number };
  /** True for every call but the one that recorded the payment: nothing changed, same insertedId. */
  alreadyRecorded: boolean;
}

export type EnrolledItem = Pick<
  Payment,
  '_id' | 'className' | 'transactionId' | 'price' | 'date' | 'status' | 'classId' | 'camperId' | 'camperName'
> &
  /** The class's schedule as it is now (the payment keeps no copy of it). */
  Partial<Pick<CampClass, 'startDate' | 'sessions'>> & {
    /** The student may cancel until then: CANCEL_CUTOFF_HOURS before the class starts, or CANCEL_UNDATED_DAYS after payment for a class without a date. */
    cancelUntil?: Date;
  };

/** The student cancelled an enrolment: the full price goes back (`refunded` now, or `refund_due`: retried). */
export interface EnrolmentCancelled {
  cancelled: true;
  className: string;
  /** Dollars. */
  refund: number;
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
