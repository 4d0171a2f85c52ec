import { Fragment, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, Button, ErrorText, FormField, TextInput } from '@sportify/shared-ui';
import { formatCampDay } from '../common/campDay';
import { dollarsBefore } from '@sportify/platform/money';
import { usePaymentsApplyCodeMutation } from '@sportify/shared-ui/endpoints/payments';
import type { PaymentChoice, PaymentIntentResponse, PriceLine } from './paymentApi';

type Offers = PaymentIntentResponse['offers'];
type Installment = NonNullable<Offers['plan']>['installments'][number];

const Options = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
  }
`;

const Hint = styled.p`
  margin: 0 0 0 ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.muted};
`;

const CodeRow = styled.form`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

const Applied = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr max-content;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0;
  dd {
    margin: 0;
    text-align: right;
  }
  dt:last-of-type,
  dd:last-of-type {
    font-weight: 700;
  }
`;

/** `Then {n} payments of ${amount} on {dates}`: the plan after the deposit, as the server split it. */
export const planText = (installments: Installment[]): string =>
  `Then ${installments.length} payments of ${dollarsBefore(installments[0]?.amount ?? 0)} on ${installments
    .map((i) => formatCampDay(i.dueAt))
    .join(', ')}`;

/** The price breakdown the server computed: price, discounts, credit used, and the total. */
export function PriceLines({ lines, label }: { lines: PriceLine[]; label: string }) {
  return (
    <Lines aria-label={label}>
      {lines.map((l) => (
        <Fragment key={l.kind}>
          <dt>{l.label}</dt>
          <dd>{dollarsBefore(l.amount)}</dd>
        </Fragment>
      ))}
    </Lines>
  );
}

interface PaymentOptionsProps {
  selectionId: string;
  offers: Offers;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
}

/**
 * How the family pays (docs/product.md §P): in full or the deposit with its plan (the card saved with their
 * consent), a promo code, their credit. Every amount shown is the server's; the choice only asks it again.
 */
export function PaymentOptions({ selectionId, offers, choice, onChoice }: PaymentOptionsProps) {
  const plan = offers.plan;
  return (
    <>
      {plan && (
        <Options>
          <legend>How would you like to pay?</legend>
          <label>
            <input
              type="radio"
              name="plan"
              checked={choice.plan === 'full'}
              onChange={() => onChoice({ ...choice, plan: 'full', saveCard: false })}
            />
            Pay in full
          </label>
          <label>
            <input
              type="radio"
              name="plan"
              checked={choice.plan === 'deposit'}
              onChange={() => onChoice({ ...choice, plan: 'deposit' })}
            />
            Pay {dollarsBefore(plan.deposit)} deposit now
          </label>
          <Hint>{planText(plan.installments)}</Hint>
          {choice.plan === 'deposit' && (
            <label>
              <input
                type="checkbox"
                checked={choice.saveCard}
                required
                onChange={(e) => onChoice({ ...choice, saveCard: e.target.checked })}
              />
              Save this card for the remaining payments
            </label>
          )}
        </Options>
      )}
      {offers.credit > 0 && (
        <Options>
          <label>
            <input
              type="checkbox"
              checked={choice.useCredit}
              onChange={(e) => onChoice({ ...choice, useCredit: e.target.checked })}
            />
            Use my credit ({dollarsBefore(offers.credit)})
          </label>
        </Options>
      )}
      <PromoCode selectionId={selectionId} onApplied={(code) => onChoice({ ...choice, promoCode: code })} />
    </>
  );
}

function PromoCode({ selectionId, onApplied }: { selectionId: string; onApplied: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string>();
  const [error, setError] = useState<string>();
  const [apply, { isLoading }] = usePaymentsApplyCodeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || isLoading) return;
    setError(undefined);
    setApplied(undefined);
    try {
      const res = await apply({ selectionId, code: code.trim() }).unwrap();
      setApplied(`Code applied: -${dollarsBefore(res.amount)}`);
      onApplied(res.code);
    } catch (err) {
      setError(apiErrorMessage(err, 'This code is not valid'));
    }
  };

  return (
    <CodeRow aria-label="Promo code" noValidate onSubmit={submit}>
      <FormField label="Promo code">
        <TextInput value={code} maxLength={64} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <Button type="submit" $variant="secondary" disabled={!code.trim() || isLoading}>
        Apply
      </Button>
      {applied && <Applied role="status">{applied}</Applied>}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </CodeRow>
  );
}
