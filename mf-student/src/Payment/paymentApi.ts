import type { ApiResponse } from '@sportify/shared-ui';

/**
 * POST /create-payment-intent: the amount is the API's, from the class in the database and the family's choice
 * (in full or the deposit, a code, credit), never one the browser sends.
 */
export type PaymentIntentResponse = ApiResponse<'/create-payment-intent', 'post'>;
export type PriceLine = PaymentIntentResponse['quote']['lines'][number];

/** What the family chose on the page; only what differs from paying in full is sent. */
export interface PaymentChoice {
  plan: 'full' | 'deposit';
  saveCard: boolean;
  useCredit: boolean;
  promoCode?: string;
}
export const PAY_IN_FULL: PaymentChoice = { plan: 'full', saveCard: false, useCredit: false };

export interface IntentRequest {
  selectionId: string;
  choice?: PaymentChoice;
}

/** The body of POST /create-payment-intent for the family's choice. */
export const intentBody = ({ selectionId, choice = PAY_IN_FULL }: IntentRequest) => ({
  selectionId,
  ...(choice.plan === 'deposit' ? { plan: choice.plan, saveCard: choice.saveCard } : {}),
  ...(choice.useCredit ? { useCredit: true } : {}),
  ...(choice.promoCode ? { promoCode: choice.promoCode } : {}),
});

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
