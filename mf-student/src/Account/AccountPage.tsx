import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ListState,
  LoadError,
  notify,
  PageHeading,
  saveFile,
  Spinner,
} from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, DataTable } from '@sportify/shared-ui/tables';
import { formatCampDay } from '../common/campDay';
import { dollarsBefore } from '@sportify/platform/money';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import {
  useAccountReceiptMutation,
  useAccountStatementQuery,
  useAccountSummaryQuery,
  type StatementItemResponse as StatementItem,
} from '@sportify/shared-ui/endpoints/account';

const Balance = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  dd {
    margin: 0;
    font-weight: 700;
  }
`;

/** My Account (docs/product.md §P4): the family's credit, what is still due, and every movement of its money. */
export function AccountPage() {
  const student = useStudent();
  return (
    <section aria-labelledby="account-heading">
      <PageHeading id="account-heading">My Account</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading your account" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && (
        <>
          <AccountBalance />
          <Statement />
        </>
      )}
    </section>
  );
}

function AccountBalance() {
  const { data, error, isLoading, refetch } = useAccountSummaryQuery();
  if (isLoading) return <Spinner label="Loading your balance" />;
  if (error || !data)
    return <LoadError message={apiErrorMessage(error, 'Your balance could not be loaded.')} onRetry={refetch} />;
  return (
    <>
      <Balance aria-label="Balance">
        <dt>Account credit</dt>
        <dd>{dollarsBefore(data.credit)}</dd>
        <dt>Installments due</dt>
        <dd>{dollarsBefore(data.due)}</dd>
      </Balance>
      {data.installments.length > 0 && (
        <ul aria-label="Installments due">
          {data.installments.map((i) => (
            <li key={`${i.className}-${i.camperName ?? ''}-${i.n}`}>
              {i.className}
              {i.camperName ? ` (${i.camperName})` : ''}: installment {i.n} of {i.of}, {dollarsBefore(i.amount)} on{' '}
              {formatCampDay(i.dueAt)}
              {i.failed ? ' (the last charge failed)' : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Statement() {
  const [page, setPage] = useState(1);
  const query = useAccountStatementQuery(page > 1 ? { page } : {});
  const { data } = query;
  return (
    <>
      <h2 id="statement-heading">Statement</h2>
      <ListState
        query={{ ...query, data: data?.items }}
        items={data?.items}
        loadingLabel="Loading your statement"
        errorText={(error) => apiErrorMessage(error, 'Your statement could not be loaded.')}
        emptyText="Nothing has been charged or paid yet."
      >
        {(rows) => (
          <DataTable
            labelledBy="statement-heading"
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={['Date', 'Class', 'What', 'Amount', 'Receipt']}
          >
            {rows.map((m) => (
              <tr key={m._id}>
                <td data-label="Date">{formatCampDay(m.at)}</td>
                <td data-label="Class">
                  {m.className}
                  {m.camperName ? ` (${m.camperName})` : ''}
                </td>
                <td data-label="What">{m.label}</td>
                <td data-label="Amount">{dollarsBefore(m.amount)}</td>
                <td data-label="Receipt">{m.receipt && <Receipt item={m} />}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {data && data.total > data.page * data.limit && (
        <Button type="button" $variant="secondary" onClick={() => setPage(page + 1)}>
          Older movements
        </Button>
      )}
      {page > 1 && (
        <Button type="button" $variant="secondary" onClick={() => setPage(page - 1)}>
          Newer movements
        </Button>
      )}
    </>
  );
}

function Receipt({ item }: { item: StatementItem }) {
  const [download, { isLoading }] = useAccountReceiptMutation();
  const save = async () => {
    try {
      // A text file: the API answers it as text/plain.
      const text = String(await download(item.receipt!).unwrap());
      saveFile(`receipt-${item.receipt}.txt`, 'text/plain', text);
    } catch (error) {
      void notify.error(apiErrorMessage(error, 'The receipt could not be downloaded. Please try again.'));
    }
  };
  return (
    <Button
      type="button"
      $variant="secondary"
      disabled={isLoading}
      aria-label={`Download the receipt of ${item.label} for ${item.className}`}
      onClick={() => void save()}
    >
      Download receipt
    </Button>
  );
}
