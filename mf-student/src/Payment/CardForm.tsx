import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Card, CardBody, getRuntimeConfig, Spinner } from '@sportify/shared-ui';
import type { CheckoutProps } from './CheckoutForm';
import { SandboxCheckout } from './SandboxCheckout';

// Stripe's code is a separate chunk, fetched only when a card is paid and only when a publishable key is configured.
const StripeCheckout = lazy(() => import('./StripeCheckout'));

/** The card that holds a payment (the Payment and the balance screens). */
export const PaymentPanel = styled(Card)`
  width: min(560px, 100%);
  margin: 0 auto ${({ theme }) => theme.space(10)};
`;

export const PaymentPanelBody = styled(CardBody)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The card form: Stripe Elements with a publishable key, else the API sandbox's test-mode form. */
export function CardForm(props: CheckoutProps) {
  const publishableKey = getRuntimeConfig().stripePublishableKey;
  if (!publishableKey) return <SandboxCheckout {...props} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCheckout {...props} publishableKey={publishableKey} />
    </Suspense>
  );
}
