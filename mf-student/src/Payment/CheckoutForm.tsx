import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { apiErrorMessage, apiStatus, Button, ErrorText, notify, type SelectedClass } from '@sportify/shared-ui';
import { usePaymentsRecordMutation } from '@sportify/shared-ui/endpoints/payments';
import type { BillingDetails, ConfirmedIntent } from './paymentApi';
import { routes } from '@sportify/platform/routes';

/** What a card form does: Stripe Elements or the API sandbox's test-mode form. */
export interface CardProvider {
  /** The provider's script and card fields are loaded and usable. */
  ready: boolean;
  /** Confirms the intent with the card in the form; resolves (never rejects) with the intent or the card's error. */
  confirm: (
    clientSecret: string,
    billing: BillingDetails,
  ) => Promise<{ paymentIntent: ConfirmedIntent } | { error: string }>;
}

/** What both card forms get from the Payment screen (a seat) or the balance screen (what is left of a plan). */
export interface CheckoutProps {
  /** The selection a seat's payment is recorded for (POST /payments). */
  selection?: SelectedClass;
  /** Records another kind of payment (a plan's balance) instead of a seat's. */
  onPaid?: (transactionId: string) => Promise<unknown>;
  /** Absent until the payment intent exists. */
  clientSecret?: string;
  billing: BillingDetails;
}

interface CheckoutFormProps extends CheckoutProps {
  provider: CardProvider;
  /** The card fields' own live error (e.g. Stripe's 'Your card number is incomplete.'). */
  fieldError?: string;
  children: ReactNode;
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** How often a charged payment whose recording failed is reported again (the API records an intent once). */
export const CONFIRM_RETRY_MS = 5000;
export const CONFIRMING_TEXT =
  'Your payment went through and is being confirmed. The class will appear in My Enrolled Classes shortly; there is nothing more to pay.';

/**
 * The payment flow both card forms share (docs/product.md §4): confirm the card with billing e-mail and name, record
 * the succeeded intent, notice, then the enrolled list. A lock makes a double click pay once, and a confirmed
 * transaction is never confirmed again: a retry only records it (the API records a transaction once).
 */
export function CheckoutForm({
  selection,
  onPaid,
  clientSecret,
  billing,
  provider,
  fieldError,
  children,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  const [recordPayment] = usePaymentsRecordMutation();
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [transactionId, setTransactionId] = useState<string>();
  // A refusal from the API (sold out and refunded, already paid...) is final: paying again cannot change it.
  const [refused, setRefused] = useState(false);
  // The card was charged but recording it failed (offline, 5xx): the provider's event or the API's reconciliation
  // settles it, so the page says so, keeps reporting it, and never offers to pay again.
  const [confirming, setConfirming] = useState(false);

  const canPay = provider.ready && Boolean(clientSecret) && !submitting && !refused && !confirming;

  const record = (txId: string) => {
    if (onPaid) return onPaid(txId);
    if (!selection) return Promise.reject(new Error('Nothing to record this payment for'));
    return recordPayment({
      transactionId: txId,
      email: billing.email,
      className: selection.className,
      price: selection.price,
      id: selection.classId,
      deleteId: selection._id,
      date: new Date().toISOString(),
      status: 'service pending',
    }).unwrap();
  };

  const done = () => {
    notify.notice('Your Payment is confirmed');
    navigate(routes.enrolledClasses);
  };

  useEffect(() => {
    if (!confirming || !transactionId) return;
    const timer = setInterval(() => {
      record(transactionId).then(done, (err: unknown) => {
        const status = apiStatus(err);
        if (typeof status === 'number' && status >= 400 && status < 500) {
          setConfirming(false);
          setRefused(true);
          setError(apiErrorMessage(err, 'This payment could not be recorded.'));
        }
      });
    }, CONFIRM_RETRY_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts only when the state or the transaction changes
  }, [confirming, transactionId]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !canPay || !clientSecret) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(undefined);
    let paid = false;
    try {
      let txId = transactionId;
      if (!txId) {
        const result = await provider.confirm(clientSecret, billing);
        if ('error' in result) return setError(result.error);
        if (result.paymentIntent.status !== 'succeeded') {
          return setError(
            `The payment was not completed (${result.paymentIntent.status.replace(/_/g, ' ')}). Please try again.`,
          );
        }
        txId = result.paymentIntent.id;
        setTransactionId(txId);
      }
      await record(txId);
      paid = true;
      done();
    } catch (err) {
      const status = apiStatus(err);
      if (typeof status === 'number' && status >= 400 && status < 500) {
        setRefused(true);
        setError(apiErrorMessage(err, 'This payment could not be recorded.'));
      } else {
        setConfirming(true); // charged: the money is taken, only its recording is late
      }
    } finally {
      // After success the button stays disabled until the screen is left.
      if (!paid) {
        inFlight.current = false;
        setSubmitting(false);
      }
    }
  };

  const shownError = error ?? fieldError;
  return (
    <Form aria-label="Card payment" noValidate onSubmit={pay}>
      {children}
      {/* The name stays 'Pay' while busy, so assistive tech keeps finding the same button. */}
      {!confirming && (
        <Button type="submit" disabled={!canPay} aria-busy={submitting}>
          Pay
        </Button>
      )}
      {submitting && <Muted>Processing your payment…</Muted>}
      {confirming && (
        <>
          <Muted role="status">{CONFIRMING_TEXT}</Muted>
          <Button as={Link} to={routes.enrolledClasses} $variant="secondary">
            Go to My Enrolled Classes
          </Button>
        </>
      )}
      {shownError && <ErrorText role="alert">{shownError}</ErrorText>}
      {transactionId && <Success role="status">Transaction complete with transactionId: {transactionId}</Success>}
    </Form>
  );
}
