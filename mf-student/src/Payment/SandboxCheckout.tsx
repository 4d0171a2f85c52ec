import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, FormField, TextInput } from '@sportify/shared-ui';
import { CheckoutForm, type CardProvider, type CheckoutProps } from './CheckoutForm';
import { useSandboxConfirmMutation } from '@sportify/shared-ui/endpoints/payments';
import type { SandboxConfirmRequest } from './paymentApi';

/** Stripe's test cards the API sandbox knows (api/src/payments/gateway/test-cards.ts). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

const Notice = styled.aside`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fffbeb;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
  code {
    font-weight: 600;
    white-space: nowrap;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Groups the digits by four as people read them on the card. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Reads the typed card like Stripe's own form does before it calls anything (same messages). Whether the card
 * number is valid, expired, declined... is the sandbox's decision, as it would be Stripe's.
 */
export function readCard({
  number,
  expiry,
  cvc,
}: CardFields): Omit<SandboxConfirmRequest, 'clientSecret' | 'billingDetails'> | { error: string } {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 13) return { error: 'Your card number is incomplete.' };
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!exp) return { error: "Your card's expiration date is incomplete." };
  const expMonth = Number(exp[1]);
  if (expMonth < 1 || expMonth > 12) return { error: "Your card's expiration date is invalid." };
  if (!/^\d{3,4}$/.test(cvc.trim())) return { error: "Your card's security code is incomplete." };
  return { cardNumber: digits, expMonth, expYear: Number(exp[2]), cvc: cvc.trim() };
}

/**
 * The test-mode card form used when no Stripe publishable key is configured (Stripe.js cannot load offline): the
 * card goes to the API's sandbox, which answers like Stripe's test mode. No real card is ever charged here.
 */
export function SandboxCheckout(props: CheckoutProps) {
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [confirmSandbox] = useSandboxConfirmMutation();

  const provider: CardProvider = {
    ready: true,
    confirm: async (clientSecret, billing) => {
      const read = readCard(card);
      if ('error' in read) return read;
      const result = await confirmSandbox({ clientSecret, billingDetails: billing, ...read });
      if (result.error)
        return { error: apiErrorMessage(result.error, 'Your card could not be charged. Please try again.') };
      return { paymentIntent: result.data.paymentIntent };
    },
  };

  return (
    <CheckoutForm {...props} provider={provider}>
      <Notice aria-labelledby="test-mode-heading">
        <h2 id="test-mode-heading">Test mode: no real card is charged</h2>
        <p>Use one of these test cards with any future expiry date (e.g. 12/34) and any 3-digit CVC:</p>
        <ul>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <code>{c.number}</code> {c.outcome}
            </li>
          ))}
        </ul>
      </Notice>
      <FormField label="Card number">
        <TextInput
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.number}
          onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
        />
      </FormField>
      <Row>
        <FormField label="Expiry (MM/YY)">
          <TextInput
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: e.target.value })}
          />
        </FormField>
        <FormField label="CVC">
          <TextInput
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value })}
          />
        </FormField>
      </Row>
    </CheckoutForm>
  );
}
