import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SelectedClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { PaymentPage } from './PaymentPage';

// The payment page's choices (docs/product.md §P): every amount is the API's; the page only sends the choice.
const email = 'parent@sportify.camp';
const camp: SelectedClass = {
  _id: 's1',
  classId: 'c1',
  className: 'Summer Soccer',
  instructorName: 'Jordan Lee',
  seats: 5,
  studentEmail: email,
  price: 300,
};
const installments = [
  { amount: 80, dueAt: '2027-05-03T16:00:00.000Z' },
  { amount: 80, dueAt: '2027-06-01T16:00:00.000Z' },
  { amount: 80, dueAt: '2027-06-29T16:00:00.000Z' },
];
const offers = { full: 300, plan: { deposit: 60, installments }, credit: 0 };
const line = (kind: string, label: string, amount: number) => ({ kind, label, amount });

/** What the API answers for a choice (the body the page sent). */
function priced(body: { plan?: string; promoCode?: string; useCredit?: boolean }, credit = 0) {
  const code = body.promoCode ? 30 : 0;
  const used = body.useCredit ? credit : 0;
  const total = 300 - code - used;
  const deposit = body.plan === 'deposit';
  const amount = deposit ? 60 : total;
  return {
    clientSecret: amount ? `pi_${amount}_secret_x` : '',
    paymentIntentId: amount ? `pi_${amount}` : 'pi_nocard_1',
    amount,
    currency: 'usd',
    quote: {
      lines: [
        line('price', 'Price', 300),
        ...(code ? [line('code', `Code ${body.promoCode}`, -code)] : []),
        ...(used ? [line('credit', 'Credit used', -used)] : []),
        line('total', 'Total', total),
      ],
      total,
      plan: deposit ? 'deposit' : 'full',
      dueNow: amount,
      creditUsed: used,
      ...(deposit ? { deposit: 60, installments } : {}),
    },
    offers: { ...offers, credit },
  };
}

const open = () =>
  renderScreen(<PaymentPage />, {
    path: '/dashboard/payment/:id',
    url: '/dashboard/payment/s1',
    session: sessionAs('student', email, 'Pat Parent'),
    otherPaths: ['/dashboard/enrolled-classes'],
  });

const intentCalls = (http: ReturnType<typeof mockApi>) =>
  http.calls.filter((c) => c.url === '/create-payment-intent').map((c) => c.body);

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('Payment: deposits, codes and credit', () => {
  const routes = (credit = 0, extra: Parameters<typeof mockApi>[0] = {}) =>
    mockApi({
      'GET /classes/payment/s1': [200, camp],
      'POST /create-payment-intent': (_config, body) => [200, priced(body as Record<string, never>, credit)],
      ...extra,
    });

  it('offers Pay in full and the deposit with its plan; the plan needs the card saved before any intent', async () => {
    http = routes();
    const user = userEvent.setup();
    open();
    const full = await screen.findByRole('radio', { name: 'Pay in full' });
    expect(full).toBeChecked();
    const deposit = screen.getByRole('radio', { name: 'Pay $60 deposit now' });
    expect(screen.getByText('Then 3 payments of $80 on May 3, 2027, Jun 1, 2027, Jun 29, 2027')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Price breakdown')).getByText('$300', { selector: 'dd:last-of-type' }));

    await user.click(deposit);
    const consent = screen.getByRole('checkbox', { name: 'Save this card for the remaining payments' });
    expect(consent).not.toBeChecked();
    // No intent for the plan until the family agrees, so Pay cannot charge one.
    expect(intentCalls(http)).toEqual([{ selectionId: 's1' }]);
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeDisabled();

    await user.click(consent);
    expect(await screen.findByText('$60', { selector: 'strong' })).toBeInTheDocument();
    expect(intentCalls(http).at(-1)).toEqual({ selectionId: 's1', plan: 'deposit', saveCard: true });
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('applies a promo code: the server says what it takes off, and the breakdown shows the code', async () => {
    http = routes(0, {
      'POST /payments/promo-code': (_config, body) =>
        (body as { code: string }).code === 'SUMMER10'
          ? [200, { code: 'SUMMER10', amount: 30, lines: [] }]
          : [400, { statusCode: 400, message: 'This code is not valid' }],
    });
    const user = userEvent.setup();
    open();
    const codeField = await screen.findByRole('textbox', { name: 'Promo code' });
    await user.type(codeField, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid');

    await user.clear(codeField);
    await user.type(codeField, 'SUMMER10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code applied: -$30');
    const breakdown = screen.getByLabelText('Price breakdown');
    expect(await within(breakdown).findByText('Code SUMMER10')).toBeInTheDocument();
    expect(within(breakdown).getByText('-$30')).toBeInTheDocument();
    expect(intentCalls(http).at(-1)).toEqual({ selectionId: 's1', promoCode: 'SUMMER10' });
  });

  it('uses the credit when asked: the server takes it off the total', async () => {
    http = routes(100);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('checkbox', { name: 'Use my credit ($100)' }));
    const breakdown = screen.getByLabelText('Price breakdown');
    expect(await within(breakdown).findByText('Credit used')).toBeInTheDocument();
    expect(within(breakdown).getByText('$200')).toBeInTheDocument();
    expect(intentCalls(http).at(-1)).toEqual({ selectionId: 's1', useCredit: true });
  });

  it('records a payment that credit covers in full without a card', async () => {
    http = routes(300, {
      'POST /payments': [
        201,
        { insertResult: { insertedId: 'p1' }, deleteResult: { deletedCount: 1 }, alreadyRecorded: false },
      ],
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('checkbox', { name: 'Use my credit ($300)' }));
    expect(await screen.findByText('Nothing is charged to a card: your credit and discounts pay for this class.'));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'at /dashboard/enrolled-classes' })).toBeInTheDocument();
    expect(http.calls.find((c) => c.url === '/payments')?.body).toMatchObject({ transactionId: 'pi_nocard_1' });
    expect(http.calls.some((c) => c.url === '/payments/sandbox/confirm')).toBe(false);
  });
});
