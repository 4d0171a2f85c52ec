import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiStatus,
  Button,
  Card,
  CardBody,
  ErrorText,
  getRuntimeConfig,
  LoadError,
  PageHeading,
  Spinner,
  type SelectedClass,
} from '@sportify/shared-ui';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import type { ForWhom } from '../common/forWhom';
import type { CheckoutProps } from './CheckoutForm';
import { usePaymentsCreateIntentQuery } from '@sportify/shared-ui/endpoints/payments';
import { useSelectionsForPaymentQuery } from '@sportify/shared-ui/endpoints/selections';
import { useWaiversFamilyQuery } from '@sportify/shared-ui/endpoints/waivers';
import type { BillingDetails } from './paymentApi';
import { SandboxCheckout } from './SandboxCheckout';
import { WaiverSign } from './WaiverSign';
import { dollarsBefore } from '@sportify/platform/money';
import { routes } from '@sportify/platform/routes';

// Stripe's code is a separate chunk, fetched only here and only when a publishable key is configured.
const StripeCheckout = lazy(() => import('./StripeCheckout'));

const Panel = styled(Card)`
  width: min(560px, 100%);
  margin: 0 auto ${({ theme }) => theme.space(10)};
`;

const Body = styled(CardBody)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

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
    <Panel aria-labelledby="payment-class">
      <Body>
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
      </Body>
    </Panel>
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
  const intent = usePaymentsCreateIntentQuery({ selectionId: selection._id });
  const status = apiStatus(intent.error);

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

  const props: CheckoutProps = { selection, billing, clientSecret: intent.data?.clientSecret };
  const publishableKey = getRuntimeConfig().stripePublishableKey;
  if (!publishableKey) return <SandboxCheckout {...props} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCheckout {...props} publishableKey={publishableKey} />
    </Suspense>
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
