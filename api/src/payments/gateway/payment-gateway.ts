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

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  /** Provider status; only 'succeeded' means the money was taken. */
  status: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  metadata: Partial<IntentMetadata>;
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
}

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
  /** Gives the whole amount back; calling it twice is harmless. */
  refund(intentId: string): Promise<void>;
  /**
   * Cancels an intent nobody paid, so it cannot be charged any more; answers the intent as it is afterwards (still
   * 'succeeded' when it was charged first), null when the provider does not know it.
   */
  cancelIntent(intentId: string): Promise<GatewayIntent | null>;
}
