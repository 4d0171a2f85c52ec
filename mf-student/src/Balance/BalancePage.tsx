import { Link, useParams } from '@sportify/shared-ui/router';
import { apiErrorMessage, apiStatus, Button, ErrorText, LoadError, PageHeading, Spinner } from '@sportify/shared-ui';
import {
  usePaymentsBalanceIntentQuery,
  usePaymentsRecordBalanceMutation,
} from '@sportify/shared-ui/endpoints/payments';
import { dollarsBefore } from '@sportify/platform/money';
import { routes } from '@sportify/platform/routes';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import { CardForm, PaymentPanel, PaymentPanelBody } from '../Payment/CardForm';
import type { BillingDetails } from '../Payment/paymentApi';

/**
 * Pay balance now (docs/product.md §P2): what is left of a plan, paid by card with the family there (after a failed
 * installment, or early). The id is the enrolment's (My Enrolled Classes); the amount is the API's.
 */
export function BalancePage() {
  const { id = '' } = useParams();
  const student = useStudent();
  return (
    <section aria-labelledby="balance-heading">
      <PageHeading id="balance-heading">Pay balance now</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading the balance" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && (
        <Balance id={id} billing={{ email: student.email, ...(student.name ? { name: student.name } : {}) }} />
      )}
    </section>
  );
}

function Balance({ id, billing }: { id: string; billing: BillingDetails }) {
  const intent = usePaymentsBalanceIntentQuery(id);
  const [recordBalance] = usePaymentsRecordBalanceMutation();
  const status = apiStatus(intent.error);
  if (typeof status === 'number' && status >= 400 && status < 500)
    return (
      <>
        <ErrorText role="alert">{apiErrorMessage(intent.error, 'There is nothing to pay on this class.')}</ErrorText>
        <Button as={Link} to={routes.enrolledClasses} $variant="secondary">
          Back to My Enrolled Classes
        </Button>
      </>
    );
  if (intent.isError)
    return (
      <LoadError
        message={apiErrorMessage(intent.error, 'The balance could not be prepared.')}
        onRetry={intent.refetch}
      />
    );
  if (!intent.data) return <Spinner label="Preparing the balance" />;
  return (
    <PaymentPanel aria-label="Balance">
      <PaymentPanelBody>
        <p>
          Balance due: <strong>{dollarsBefore(intent.data.amount)}</strong>
        </p>
        <CardForm
          billing={billing}
          clientSecret={intent.data.clientSecret}
          onPaid={(transactionId) => recordBalance({ transactionId }).unwrap()}
        />
      </PaymentPanelBody>
    </PaymentPanel>
  );
}
