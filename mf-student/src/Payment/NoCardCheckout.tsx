import { CheckoutForm, type CardProvider, type CheckoutProps } from './CheckoutForm';

/**
 * A payment the family's credit and discounts cover in full: nothing is charged by card, so Pay records the
 * server's own intent (the API confirms it for this family alone).
 */
export function NoCardCheckout({
  paymentIntentId,
  ...props
}: Omit<CheckoutProps, 'clientSecret'> & { paymentIntentId: string }) {
  const provider: CardProvider = {
    ready: true,
    confirm: async () => ({ paymentIntent: { id: paymentIntentId, status: 'succeeded' } }),
  };
  return (
    <CheckoutForm {...props} clientSecret={paymentIntentId} provider={provider}>
      <p>Nothing is charged to a card: your credit and discounts pay for this class.</p>
    </CheckoutForm>
  );
}
