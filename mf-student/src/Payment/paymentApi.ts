import type { ApiResponse } from '@sportify/shared-ui';

/** POST /create-payment-intent: the amount is the class price in the database, never one the browser sends. */
export type PaymentIntentResponse = ApiResponse<'/create-payment-intent', 'post'>;

/** The card result, shaped like Stripe's confirmCardPayment so both card forms feed the same flow. */
export interface ConfirmedIntent {
  id: string;
  status: string;
  amount?: number;
  currency?: string;
}

export interface SandboxConfirmRequest {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billingDetails: BillingDetails;
}

export interface BillingDetails {
  email: string;
  name?: string;
}
