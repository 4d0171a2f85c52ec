import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { PaymentsPage } from './PaymentsPage';
import type { PartialRefund, Unsettled } from './paymentsApi';

configure({ asyncUtilTimeout: 5000 });

const refund: PartialRefund = {
  _id: 'p1',
  email: 'mia@sportify.camp',
  className: 'Soccer Fundamentals',
  classId: 'c1',
  transactionId: 'pi_sandbox_1',
  price: 120,
  date: '2026-07-01T10:00:00.000Z',
  refundedAmount: 12.5,
};

const owed: Unsettled = {
  intentId: 'pi_sandbox_2',
  state: 'refund_due',
  charged: true,
  email: 'noah@sportify.camp',
  classId: 'c2',
  reason: 'sold_out',
  refundAttempts: 2,
  lastError: 'provider unavailable',
  createdAt: '2026-07-02T09:00:00.000Z',
  updatedAt: '2026-07-02T09:05:00.000Z',
};

const page = (items: Unsettled[], total = items.length) => ({ items, total, page: 1, limit: 20 });
/** The plans' sections with nothing to show (the tests of the other lists). */
const noPlans: Parameters<typeof mockApi>[0] = {
  'GET /payments/summary': [200, { month: '2026-07', collected: 0, scheduled: 0, refunded: 0 }],
  'GET /payments/installments': [200, { items: [], total: 0, page: 1, limit: 60 }],
};

const renderPage = () => renderScreen(<PaymentsPage />, { path: '/dashboard/payments', session: sessionAs('admin') });
const table = (name: string) => screen.findByRole('table', { name });
/** The cell of a row under a column, by the column's data-label (the stacked layout's label). */
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;

describe('Payments', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('lists the partly refunded payments and the unsettled intents, amounts in dollars', async () => {
    http = mockApi({
      'GET /payments/partial-refunds': [200, { count: 1, items: [refund] }],
      'GET /payments/unsettled': [200, page([owed])],
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();

    const [, refundRow] = within(await table('Partly refunded payments')).getAllByRole('row');
    expect(within(refundRow).getByRole('cell', { name: 'mia@sportify.camp' })).toBeInTheDocument();
    expect(cell(refundRow, 'Class name')).toBe('Soccer Fundamentals');
    // The whole id for screen readers (its start and end are shown), and a button that copies it.
    expect(within(refundRow).getByRole('cell', { name: 'pi_sandbox_1 Copy' })).toBeInTheDocument();
    expect(
      within(refundRow).getByRole('button', {
        name: "Copy transaction id of mia@sportify.camp's payment for Soccer Fundamentals",
      }),
    ).toBeInTheDocument();
    expect(cell(refundRow, 'Price')).toBe('$120');
    expect(cell(refundRow, 'Refunded amount')).toBe('$12.50');
    expect(refundRow.querySelector('time')).toHaveAttribute('dateTime', refund.date);

    const [, owedRow] = within(await table('Payments not settled yet')).getAllByRole('row');
    expect(within(owedRow).getByRole('cell', { name: 'pi_sandbox_2 Copy' })).toBeInTheDocument();
    expect(
      within(owedRow).getByRole('button', { name: "Copy intent id of noah@sportify.camp's payment" }),
    ).toBeInTheDocument();
    expect(cell(owedRow, 'State')).toBe('refund due');
    expect(cell(owedRow, 'Charged')).toBe('Yes');
    expect(cell(owedRow, 'Student e-mail')).toBe('noah@sportify.camp');
    expect(cell(owedRow, 'Reason')).toBe('sold out');
    expect(cell(owedRow, 'Refund attempts')).toBe('2');
    expect(cell(owedRow, 'Last error')).toBe('provider unavailable');
  });

  it('pages the unsettled intents and numbers them across pages', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...owed, intentId: `pi_${i + 1}` }));
    http = mockApi({
      'GET /payments/partial-refunds': [200, { count: 0, items: [] }],
      'GET /payments/unsettled': (config) => {
        const { page: p = 1, limit } = config.params as { page?: number; limit: number };
        return [200, { items: many.slice((p - 1) * limit, p * limit), total: many.length, page: p, limit }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    await table('Payments not settled yet');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Unsettled payments pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    const rows = await screen.findAllByRole('row', { name: /pi_21/ });
    expect(cell(rows[0], '#')).toBe('21');
  });

  it('says so when nothing needs an admin', async () => {
    http = mockApi({
      'GET /payments/partial-refunds': [200, { count: 0, items: [] }],
      'GET /payments/unsettled': [200, page([])],
    });
    renderPage();
    expect(await screen.findByText('No payment has been partly refunded.')).toBeInTheDocument();
    expect(await screen.findByText('Every payment is settled.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows each list’s error with Retry, and the other list still loads', async () => {
    http = mockApi({
      'GET /payments/partial-refunds': [500, { message: 'boom' }],
      'GET /payments/unsettled': [200, page([owed])],
      ...noPlans,
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The partly refunded payments could not be loaded.');
    expect(await table('Payments not settled yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the unsettled list’s error', async () => {
    http = mockApi({
      'GET /payments/partial-refunds': [200, { count: 1, items: [refund] }],
      'GET /payments/unsettled': [500, { message: 'boom' }],
      ...noPlans,
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The unsettled payments could not be loaded.');
    expect(await table('Partly refunded payments')).toBeInTheDocument();
  });
});

describe('Payments: plans', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  const installment = (over: Record<string, unknown>) => ({
    _id: 'i1',
    enrolment: 'pi_dep',
    email: 'pat@sportify.camp',
    camperName: 'Leo',
    classId: 'c1',
    className: 'Summer Soccer',
    n: 2,
    of: 3,
    amount: 80,
    dueAt: '2027-06-01T16:00:00.000Z',
    state: 'scheduled',
    attempts: 0,
    nextAttemptAt: '2027-06-01T16:00:00.000Z',
    ...over,
  });

  it("shows the month's summary and the installments due soon and failed, with the family and the class", async () => {
    http = mockApi({
      'GET /payments/partial-refunds': [200, { count: 0, items: [] }],
      'GET /payments/unsettled': [200, page([])],
      'GET /payments/summary': [200, { month: '2027-06', collected: 1240.5, scheduled: 480, refunded: 60 }],
      'GET /payments/installments': (config) =>
        (config.params as { which: string }).which === 'failed'
          ? [
              200,
              {
                items: [installment({ _id: 'i2', n: 3, attempts: 1, lastError: 'Your card was declined.' })],
                total: 1,
                page: 1,
                limit: 60,
              },
            ]
          : [200, { items: [installment({})], total: 1, page: 1, limit: 60 }],
    });
    renderPage();
    const month = await screen.findByLabelText('This month (2027-06)');
    expect(month).toHaveTextContent('Collected$1,240.50');
    expect(month).toHaveTextContent('Scheduled$480');
    expect(month).toHaveTextContent('Refunded$60');

    const [, due] = within(await table('Installments due in the next 14 days')).getAllByRole('row');
    expect(cell(due, 'Family')).toBe('pat@sportify.camp (Leo)');
    expect(cell(due, 'Class name')).toBe('Summer Soccer');
    expect(cell(due, 'Installment')).toBe('2 of 3');
    expect(cell(due, 'Amount')).toBe('$80');
    const [, failed] = within(await table('Failed installments')).getAllByRole('row');
    expect(cell(failed, 'Installment')).toBe('3 of 3');
    expect(cell(failed, 'Last error')).toBe('Your card was declined.');
  });
});
