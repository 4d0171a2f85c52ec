import styled from 'styled-components';
import { ListState, PageHeading, useUrlQuery } from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, DataTable, MainCell, PagedTable, TruncatedId } from '@sportify/shared-ui/tables';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import {
  usePaymentsInstallmentsQuery,
  usePaymentsPartialRefundsQuery,
  usePaymentsSummaryQuery,
  usePaymentsUnsettledQuery,
  type InstallmentItemResponse as InstallmentItem,
} from '@sportify/shared-ui/endpoints/payments';
import { UNSETTLED_PER_PAGE } from './paymentsApi';
import { dollarsBefore } from '@sportify/platform/money';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
`;

const SectionHeading = styled(PageHeading).attrs({ as: 'h2' })`
  font-size: 1.35rem;
`;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const Time = ({ value }: { value: string }) => <time dateTime={value}>{when.format(new Date(value))}</time>;
/** The API's codes (refund_due, class_gone) as words. */
const words = (code: string) => code.replace(/_/g, ' ');

/**
 * Payments (admins): what needs a person's eye. Partial refunds keep the enrolment, so they are only seen here;
 * unsettled intents are what reconciliation still has to finish (open charged intents, refunds owed, expired
 * intents with money at the provider).
 */
export function PaymentsPage() {
  const url = useUrlQuery();
  const refunds = usePaymentsPartialRefundsQuery();
  const unsettled = paged(
    usePaymentsUnsettledQuery({ limit: UNSETTLED_PER_PAGE, page: url.page > 1 ? url.page : undefined }),
  );

  return (
    <>
      <PageHeading>Payments</PageHeading>
      <MonthSummary />
      <Installments
        which="upcoming"
        title="Installments due in the next 14 days"
        empty="No installment is due in the next 14 days."
      />
      <Installments which="failed" title="Failed installments" empty="No installment has failed." />
      <Section aria-labelledby="partial-refunds-heading">
        <SectionHeading id="partial-refunds-heading">Partly refunded payments</SectionHeading>
        <ListState
          query={{ ...refunds, data: refunds.data?.items }}
          loadingLabel="Loading partly refunded payments"
          errorText="The partly refunded payments could not be loaded."
          emptyText="No payment has been partly refunded."
        >
          {(items) => (
            <DataTable
              labelledBy="partial-refunds-heading"
              stackBelow={DASHBOARD_STACK_BELOW}
              columns={['#', 'Student e-mail', 'Class name', 'Transaction id', 'Price', 'Refunded amount', 'Date']}
            >
              {items.map((item, index) => (
                <tr key={item._id}>
                  <td data-label="#">{index + 1}</td>
                  <td data-label="Student e-mail">
                    <span title={item.email} data-word>
                      {item.email}
                    </span>
                  </td>
                  <MainCell label="Class name" name={item.className} />
                  <td data-label="Transaction id">
                    <TruncatedId
                      value={item.transactionId}
                      copyLabel={`Copy transaction id of ${item.email}'s payment for ${item.className}`}
                    />
                  </td>
                  <td data-label="Price">{dollarsBefore(item.price)}</td>
                  <td data-label="Refunded amount">{dollarsBefore(item.refundedAmount)}</td>
                  <td data-label="Date">
                    <Time value={item.date} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </ListState>
      </Section>
      <Section aria-labelledby="unsettled-heading">
        <SectionHeading id="unsettled-heading">Payments not settled yet</SectionHeading>
        <PagedTable
          query={unsettled}
          noun="payments"
          pagesLabel="Unsettled payments pages"
          loadingLabel="Loading unsettled payments"
          errorText="The unsettled payments could not be loaded."
          emptyText="Every payment is settled."
          labelledBy="unsettled-heading"
          // Nine columns of ids, e-mails and errors fit no dashboard: each payment is a card.
          stackBelow="always"
          columns={[
            '#',
            'Intent',
            'State',
            'Charged',
            'Student e-mail',
            'Reason',
            'Refund attempts',
            'Last error',
            'Created',
          ]}
          row={(item, number) => (
            <tr key={item.intentId}>
              <td data-label="#">{number}</td>
              <td data-label="Intent">
                <TruncatedId value={item.intentId} copyLabel={`Copy intent id of ${item.email}'s payment`} />
              </td>
              <td data-label="State">{words(item.state)}</td>
              <td data-label="Charged">{item.charged ? 'Yes' : 'Not known yet'}</td>
              <td data-label="Student e-mail">
                <span title={item.email} data-word>
                  {item.email}
                </span>
              </td>
              <td data-label="Reason">{item.reason ? words(item.reason) : '—'}</td>
              <td data-label="Refund attempts">{item.refundAttempts}</td>
              <td data-label="Last error">{item.lastError ?? '—'}</td>
              <td data-label="Created">
                <Time value={item.createdAt} />
              </td>
            </tr>
          )}
        />
      </Section>
    </>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, max-content);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(8)}`};
  margin: 0 0 ${({ theme }) => theme.space(8)};
  dd {
    margin: 0;
    font-size: 1.35rem;
    font-weight: 700;
  }
`;

/** The month at a glance: collected, scheduled and refunded (the API's sums). */
function MonthSummary() {
  const { data, isError } = usePaymentsSummaryQuery(undefined);
  if (isError) return <p role="alert">The month&apos;s summary could not be loaded.</p>;
  if (!data) return null;
  return (
    <Figures aria-label={`This month (${data.month})`}>
      <div>
        <dt>Collected</dt>
        <dd>{dollarsBefore(data.collected)}</dd>
      </div>
      <div>
        <dt>Scheduled</dt>
        <dd>{dollarsBefore(data.scheduled)}</dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd>{dollarsBefore(data.refunded)}</dd>
      </div>
    </Figures>
  );
}

function Installments({ which, title, empty }: { which: 'upcoming' | 'failed'; title: string; empty: string }) {
  const query = usePaymentsInstallmentsQuery({ which, limit: 60 });
  const id = `installments-${which}-heading`;
  return (
    <Section aria-labelledby={id}>
      <SectionHeading id={id}>{title}</SectionHeading>
      <ListState
        query={{ ...query, data: query.data?.items }}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        errorText={`The ${title.toLowerCase()} could not be loaded.`}
        emptyText={empty}
      >
        {(items: InstallmentItem[]) => (
          <DataTable
            labelledBy={id}
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={[
              'Family',
              'Class name',
              'Installment',
              'Amount',
              'Due',
              which === 'failed' ? 'Last error' : 'Next charge',
            ]}
          >
            {items.map((item) => (
              <tr key={item._id}>
                <td data-label="Family">
                  <span title={item.email} data-word>
                    {item.email}
                    {item.camperName ? ` (${item.camperName})` : ''}
                  </span>
                </td>
                <MainCell label="Class name" name={item.className} />
                <td data-label="Installment">
                  {item.n} of {item.of}
                </td>
                <td data-label="Amount">{dollarsBefore(item.amount)}</td>
                <td data-label="Due">
                  <Time value={item.dueAt} />
                </td>
                {which === 'failed' ? (
                  <td data-label="Last error">{item.lastError ?? words(item.state)}</td>
                ) : (
                  <td data-label="Next charge">{item.nextAttemptAt ? <Time value={item.nextAttemptAt} /> : '—'}</td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </Section>
  );
}
