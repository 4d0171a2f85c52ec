import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ErrorText, theme } from '@sportify/shared-ui';
import { CheckoutForm, type CardProvider, type CheckoutProps } from './CheckoutForm';

// Loaded only through React.lazy on the Payment screen when a publishable key is configured, so neither Stripe's
// code nor its script is fetched anywhere else. The `pure` entry injects Stripe.js only when loadStripe runs.

/** docs/product.md §9: card element font size 16px. */
export const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: { fontSize: '16px', color: theme.colors.text, '::placeholder': { color: theme.colors.muted } },
    invalid: { color: theme.colors.danger },
  },
};

// One Stripe instance per key for the page's lifetime (Elements must keep getting the same promise).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = stripeByKey.get(key);
  if (!stripe) {
    // Offline or blocked script: resolve to null and let the screen say so instead of an unhandled rejection.
    stripe = loadStripe(key).catch(() => null);
    stripeByKey.set(key, stripe);
  }
  return stripe;
};

const CardBox = styled.div`
  padding: ${({ theme: t }) => `${t.space(3)} ${t.space(3)}`};
  border: 1px solid ${({ theme: t }) => t.colors.border};
  border-radius: ${({ theme: t }) => t.radius.md};
  background: ${({ theme: t }) => t.colors.surface};
`;

export interface StripeCheckoutProps extends CheckoutProps {
  publishableKey: string;
}

/** The card form on Stripe Elements (`CardElement`). */
export default function StripeCheckout({ publishableKey, ...props }: StripeCheckoutProps) {
  const stripePromise = stripeFor(publishableKey);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => live && setUnavailable(!stripe));
    return () => {
      live = false;
    };
  }, [stripePromise]);

  if (unavailable)
    return (
      <ErrorText role="alert">The card form could not be loaded. Check your connection and reload the page.</ErrorText>
    );
  return (
    <Elements stripe={stripePromise}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm(props: CheckoutProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [fieldError, setFieldError] = useState<string>();

  const provider: CardProvider = {
    ready: Boolean(stripe && elements && cardReady),
    confirm: async (clientSecret, billing) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { error: 'The card form is not ready yet.' };
      const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (error || !paymentIntent)
        return { error: error?.message ?? 'Your card could not be charged. Please try again.' };
      return { paymentIntent: { id: paymentIntent.id, status: paymentIntent.status } };
    },
  };

  return (
    <CheckoutForm {...props} provider={provider} fieldError={fieldError}>
      <div role="group" aria-label="Card details">
        <CardBox>
          <CardElement
            options={CARD_OPTIONS}
            onReady={() => setCardReady(true)}
            onChange={(event) => setFieldError(event.error?.message)}
          />
        </CardBox>
      </div>
    </CheckoutForm>
  );
}
