// The port between the payments service and a card payment provider (Stripe, or the test-mode sandbox).

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** What an intent pays for; stored with the intent by the provider and checked before enrolling. */
export interface IntentMetadata {
  email: string;
  classId: string;
  selectionId: string;
  /** The camper the seat is for; absent: the account holder. An id only: no camper data goes to the provider. */
  camperId?: string;
}

/** What a charge of a payment plan pays for: an installment, or the balance paid on-session (ids only). */
export interface PlanChargeMetadata {
  email: string;
  classId: string;
  /** The enrolment (the intent of its first payment). */
  enrolment: string;
  kind: 'installment' | 'balance';
  /** The installment charged off-session. */
  installment?: string;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  /** Provider status; only 'succeeded' means the money was taken. */
  status: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  metadata: Partial<IntentMetadata> & Partial<PlanChargeMetadata>;
  /** The saved card the intent was paid with, when it was saved for later (a payment plan), and its customer. */
  paymentMethodId?: string;
  customerId?: string;
  /** All the money given back (an intent stays 'succeeded' after a refund, as at Stripe). */
  refunded: boolean;
  /** Cents given back so far; less than `amount` is a partial refund, which keeps the enrolment. */
  amountRefunded: number;
  /** The charge is disputed: the card network returns the money to the cardholder. */
  disputed: boolean;
}

export interface CreateIntentInput {
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  metadata: IntentMetadata;
  /** How many of the selection's intents are closed (see createIntent). */
  attempt: number;
  /**
   * Keep the card for charges without the family (a payment plan's installments): the intent is the customer's and
   * saves the card it is paid with (Stripe: `setup_future_usage: 'off_session'`).
   */
  saveCardFor?: string;
}

/** An on-session intent that is not a seat's (a plan's balance paid by the family). */
export interface CreatePlanIntentInput {
  amount: number;
  currency: string;
  metadata: PlanChargeMetadata;
  /** Names this intent once: the same key answers the same intent. */
  idempotencyKey: string;
}

/** A charge of a saved card without the family (an installment on its date). */
export interface OffSessionChargeInput {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  metadata: PlanChargeMetadata;
  /** One key per attempt: the provider answers a repeated attempt with its first charge, never a second one. */
  idempotencyKey: string;
}

export type OffSessionOutcome =
  | { outcome: 'succeeded'; intent: GatewayIntent }
  /** The bank wants the cardholder to authenticate (`requires_action` / `authentication_required`): they must pay on-session. */
  | { outcome: 'needs_customer'; intent: GatewayIntent | null; code: string; message: string }
  | { outcome: 'declined'; intent: GatewayIntent | null; code: string; declineCode?: string; message: string };

export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  /**
   * The open intent for this selection, amount and attempt when there is one (a reload must not make a second),
   * else a new one. `attempt` counts the selection's earlier intents that are closed (refunded, expired): after a
   * refund the student pays with a new intent, not the spent one.
   */
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /** Gives the whole amount back, or `amount` cents of it; calling it twice for the same amount is harmless. */
  refund(intentId: string, amount?: number): Promise<void>;
  /** The provider's customer of a family, made once (their saved cards belong to it). */
  createCustomer(email: string): Promise<string>;
  /** An on-session intent for a plan's balance. */
  createPlanIntent(input: CreatePlanIntentInput): Promise<GatewayIntent>;
  /** Charges a saved card off-session; a refusal is an outcome, not an error (errors are the provider's failures). */
  chargeSaved(input: OffSessionChargeInput): Promise<OffSessionOutcome>;
  /**
   * Cancels an intent nobody paid, so it cannot be charged any more; answers the intent as it is afterwards (still
   * 'succeeded' when it was charged first), null when the provider does not know it.
   */
  cancelIntent(intentId: string): Promise<GatewayIntent | null>;
}
