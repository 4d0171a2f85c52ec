import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiStatus,
  Button,
  ErrorText,
  LoadError,
  PageHeading,
  Spinner,
  type SelectedClass,
} from '@sportify/shared-ui';
import { dollarsBefore } from '@sportify/platform/money';
import { routes } from '@sportify/platform/routes';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import type { ForWhom } from '../common/forWhom';
import { usePaymentsCreateIntentQuery } from '@sportify/shared-ui/endpoints/payments';
import { useSelectionsForPaymentQuery } from '@sportify/shared-ui/endpoints/selections';
import { useWaiversFamilyQuery } from '@sportify/shared-ui/endpoints/waivers';
import { CardForm, PaymentPanel, PaymentPanelBody } from './CardForm';
import { NoCardCheckout } from './NoCardCheckout';
import { PaymentOptions, PriceLines } from './PaymentOptions';
import { intentBody, PAY_IN_FULL, type BillingDetails, type PaymentChoice } from './paymentApi';
import { WaiverSign } from './WaiverSign';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0;
  padding-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Centered = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
`;

/** Payment (docs/product.md §4): pays for one of the student's selected classes (the id is the selected-class id). */
export function PaymentPage() {
  const { id = '' } = useParams();
  const student = useStudent();
  return (
    <section aria-labelledby="payment-heading">
      <PageHeading id="payment-heading">Payment</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading the payment" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && (
        <PaymentForSelection
          id={id}
          billing={{ email: student.email, ...(student.name ? { name: student.name } : {}) }}
        />
      )}
    </section>
  );
}

function PaymentForSelection({ id, billing }: { id: string; billing: BillingDetails }) {
  const { data: selection, isLoading, error, refetch } = useSelectionsForPaymentQuery(id);

  if (isLoading) return <Spinner label="Loading the class to pay for" />;
  if (error || !selection) {
    // 404 is also what another student's selection id gives: nothing of theirs is shown.
    if (apiStatus(error) === 404 || apiStatus(error) === 400) return <NotFound />;
    return (
      <LoadError message={apiErrorMessage(error, 'The class to pay for could not be loaded.')} onRetry={refetch} />
    );
  }

  // Whom the seat is for, when it is one of the account's campers.
  const { camperId, camperName } = selection as SelectedClass & ForWhom;
  return (
    <PaymentPanel aria-labelledby="payment-class">
      <PaymentPanelBody>
        <Summary>
          <dt>Class</dt>
          <dd id="payment-class">{selection.className}</dd>
          {camperName && (
            <>
              <dt>Camper</dt>
              <dd>{camperName}</dd>
            </>
          )}
          <dt>Instructor</dt>
          <dd>{selection.instructorName}</dd>
          <dt>Price</dt>
          <dd>{dollarsBefore(selection.price)}</dd>
        </Summary>
        {selection.price > 0 ? (
          camperId ? (
            <AfterWaiver camperId={camperId} camperName={camperName ?? ''}>
              <PayWithCard selection={selection} billing={billing} />
            </AfterWaiver>
          ) : (
            <PayWithCard selection={selection} billing={billing} />
          )
        ) : (
          <p>This class is free: there is nothing to pay.</p>
        )}
      </PaymentPanelBody>
    </PaymentPanel>
  );
}

/**
 * A camper's seat is paid for with the current waiver signed for them (the API refuses the payment otherwise): the
 * card form shows once it is, so no intent is opened before.
 */
function AfterWaiver({
  camperId,
  camperName,
  children,
}: {
  camperId: string;
  camperName: string;
  children: ReactNode;
}) {
  const waivers = useWaiversFamilyQuery();
  if (waivers.isLoading) return <Spinner label="Loading the waiver" />;
  if (waivers.isError || !waivers.data)
    return (
      <LoadError
        message={apiErrorMessage(waivers.error, 'The waiver could not be loaded.')}
        onRetry={waivers.refetch}
      />
    );
  const { current, campers } = waivers.data;
  const mine = campers.find((c) => c.camperId === camperId);
  if (current && !mine?.upToDate) return <WaiverSign waiver={current} camperId={camperId} camperName={camperName} />;
  return <>{children}</>;
}

function PayWithCard({ selection, billing }: { selection: SelectedClass; billing: BillingDetails }) {
  const [choice, setChoice] = useState<PaymentChoice>(PAY_IN_FULL);
  // A plan is paid only with the card saved for it: until the family agrees, the page keeps the intent in full and
  // offers no Pay.
  const needsConsent = choice.plan === 'deposit' && !choice.saveCard;
  const asked = needsConsent ? { ...choice, plan: 'full' as const, saveCard: false } : choice;
  const intent = usePaymentsCreateIntentQuery(intentBody({ selectionId: selection._id, choice: asked }));
  const status = apiStatus(intent.error);
  // `data` stays the last answer while the next choice is priced, so the options stay on screen. An API from before
  // there were choices answers no quote: the page is then the plain card form.
  const priced = intent.data?.quote ? intent.data : undefined;

  // A 4xx is the API's final word (sold out, already paid, no longer offered): say it and offer no card form.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return (
      <Centered>
        <ErrorText role="alert">{apiErrorMessage(intent.error, 'This class cannot be paid for now.')}</ErrorText>
        <Button as={Link} to={routes.selectedClasses} $variant="secondary">
          Back to My Selected Classes
        </Button>
      </Centered>
    );
  }
  if (intent.isError) {
    return (
      <LoadError
        message={apiErrorMessage(intent.error, 'The payment could not be prepared.')}
        onRetry={intent.refetch}
      />
    );
  }

  const current = needsConsent ? undefined : intent.currentData;
  return (
    <>
      {priced && (
        <>
          <PaymentOptions selectionId={selection._id} offers={priced.offers} choice={choice} onChoice={setChoice} />
          <PriceLines lines={priced.quote.lines} label="Price breakdown" />
          <p>
            Due now:{' '}
            <strong>
              {dollarsBefore(
                current?.amount ?? (needsConsent ? (priced.offers.plan?.deposit ?? priced.amount) : priced.amount),
              )}
            </strong>
          </p>
        </>
      )}
      {current?.amount === 0 ? (
        <NoCardCheckout selection={selection} billing={billing} paymentIntentId={current.paymentIntentId} />
      ) : (
        <CardForm selection={selection} billing={billing} clientSecret={current?.clientSecret} />
      )}
    </>
  );
}

function NotFound() {
  return (
    <Centered>
      <p role="alert">Selected class not found. It may have been paid for or removed already.</p>
      <Button as={Link} to={routes.selectedClasses} $variant="secondary">
        Back to My Selected Classes
      </Button>
    </Centered>
  );
}
