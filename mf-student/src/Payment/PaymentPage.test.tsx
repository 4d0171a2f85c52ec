import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SelectedClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { PaymentPage } from './PaymentPage';

const email = 'student@sportify.camp';
const soccer: SelectedClass = {
  _id: 's1',
  classId: 'c1',
  className: 'Soccer Training',
  instructorName: 'Jordan Lee',
  seats: 5,
  studentEmail: email,
  price: 120,
};
const intent = {
  clientSecret: 'pi_sandbox_1_secret_abc',
  paymentIntentId: 'pi_sandbox_1',
  amount: 120,
  currency: 'usd',
  quote: {
    lines: [
      { kind: 'price', label: 'Price', amount: 120 },
      { kind: 'total', label: 'Total', amount: 120 },
    ],
    total: 120,
    plan: 'full',
    dueNow: 120,
    creditUsed: 0,
  },
  offers: { full: 120, credit: 0 },
};
const enrolled = '/dashboard/enrolled-classes';

const open = (id = 's1') =>
  renderScreen(<PaymentPage />, {
    path: '/dashboard/payment/:id',
    url: `/dashboard/payment/${id}`,
    session: sessionAs('student', email, 'Test Student'),
    otherPaths: [enrolled],
  });

const routes = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /classes/payment/s1': [200, soccer],
    'POST /create-payment-intent': [200, intent],
    ...extra,
  });

async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
}

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('Payment (test-mode card form of the API sandbox)', () => {
  it('shows what is paid for, asks for an intent for this selection and labels the test mode with the test cards', async () => {
    http = routes();
    open();
    const summary = await screen.findByRole('article', { name: 'Soccer Training' });
    expect(summary).toHaveTextContent('InstructorJordan Lee');
    expect(summary).toHaveTextContent('Price$120');
    const testMode = screen.getByRole('complementary', { name: 'Test mode: no real card is charged' });
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) {
      expect(within(testMode).getByText(card)).toBeInTheDocument();
    }
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
    // The browser names the selection only; the amount is the API's.
    expect(http.calls.find((c) => c.url === '/create-payment-intent')?.body).toEqual({ selectionId: 's1' });
  });

  it('names the camper the seat is for, and no camper for the account holder', async () => {
    http = routes({
      'GET /classes/payment/s1': [200, { ...soccer, camperId: 'k1', camperName: 'Ava Chen' }],
      'GET /waivers/family': [200, { current: null, campers: [] }],
    });
    open();
    const summary = await screen.findByRole('article', { name: 'Soccer Training' });
    expect(summary).toHaveTextContent('CamperAva Chen');
    http.restore();
    cleanup();
    http = routes();
    open();
    expect(await screen.findByRole('article', { name: 'Soccer Training' })).not.toHaveTextContent('Camper');
  });

  it('pays with 4242…: confirms through the sandbox with billing e-mail and name, records it, goes to enrolled', async () => {
    http = routes({
      'POST /payments/sandbox/confirm': [
        200,
        { paymentIntent: { id: 'pi_sandbox_1', status: 'succeeded', amount: 12000, currency: 'usd' } },
      ],
      'POST /payments': [
        201,
        { insertResult: { insertedId: 'p1' }, deleteResult: { deletedCount: 1 }, alreadyRecorded: false },
      ],
    });
    const user = userEvent.setup();
    const { router } = open();
    await typeCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { name: `at ${enrolled}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(enrolled);
    expect(http.calls.find((c) => c.url === '/payments/sandbox/confirm')?.body).toEqual({
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 34,
      cvc: '123',
      billingDetails: { email, name: 'Test Student' },
    });
    expect(http.calls.find((c) => c.url === '/payments')?.body).toMatchObject({
      transactionId: 'pi_sandbox_1',
      deleteId: 's1',
      id: 'c1',
    });
  });

  it('shows the decline in red under the form and records nothing', async () => {
    http = routes({
      'POST /payments/sandbox/confirm': [
        402,
        { statusCode: 402, message: 'Your card was declined.', code: 'card_declined' },
      ],
    });
    const user = userEvent.setup();
    open();
    await typeCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(http.calls.some((c) => c.url === '/payments')).toBe(false);
  });

  it('says an incomplete card is incomplete without calling the sandbox', async () => {
    http = routes();
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(http.calls.some((c) => c.url === '/payments/sandbox/confirm')).toBe(false);
  });

  it("shows the API's message instead of a card form when the class sold out meanwhile", async () => {
    http = routes({
      'POST /create-payment-intent': [409, { statusCode: 409, message: 'This class is full', error: 'Conflict' }],
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This class is full');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it("shows not-found for a selection that is not the student's own (the API answers 404), and nothing of it", async () => {
    http = mockApi({
      'GET /classes/payment/other': [404, { statusCode: 404, message: 'Selected class not found', error: 'Not Found' }],
    });
    open('other');
    expect(await screen.findByRole('alert')).toHaveTextContent('Selected class not found');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(http.calls.map((c) => c.url)).toEqual(['/classes/payment/other']);
  });

  it('asks for no intent when the price is 0', async () => {
    http = routes({ 'GET /classes/payment/s1': [200, { ...soccer, price: 0 }] });
    open();
    expect(await screen.findByText('This class is free: there is nothing to pay.')).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === '/create-payment-intent')).toBe(false);
  });

  it('shows a spinner while loading, then an error with Retry for a failed load', async () => {
    let fail = true;
    http = mockApi({
      'GET /classes/payment/s1': () =>
        fail ? [500, { statusCode: 500, message: 'Internal server error' }] : [200, soccer],
      'POST /create-payment-intent': [200, intent],
    });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status', { name: 'Loading the class to pay for' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Soccer Training' })).toBeInTheDocument();
  });

  describe("a camper's waiver", () => {
    const waiver = {
      _id: 'w2',
      version: 2,
      title: 'Participation waiver',
      text: 'I allow my child to take part.\nSports carry risks.',
      publishedAt: '2027-06-01T09:00:00.000Z',
      publishedBy: 'admin@sportify.camp',
    };
    const forAva = { ...soccer, camperId: 'k1', camperName: 'Ava Chen' };
    const unsigned = { camperId: 'k1', camperName: 'Ava Chen', signedVersion: 1, signedAt: null, upToDate: false };

    it('asks for the current version to be signed first: its text, "I agree to this waiver" and the typed name', async () => {
      let signed = false;
      http = routes({
        'GET /classes/payment/s1': [200, forAva],
        'GET /waivers/family': () => [
          200,
          { current: waiver, campers: [signed ? { ...unsigned, signedVersion: 2, upToDate: true } : unsigned] },
        ],
        'POST /waivers/signatures': (_config, body) => {
          signed = true;
          return [201, { _id: 'sig1', ...(body as object), signedAt: '2027-06-02T09:00:00.000Z' }];
        },
      });
      open();
      const form = await screen.findByRole('form', { name: 'Participation waiver' });
      expect(within(form).getByLabelText('Waiver text')).toHaveTextContent(
        'I allow my child to take part. Sports carry risks.',
      );
      // No card form, and no intent opened, before it is signed.
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
      expect(http.calls.some((c) => c.url === '/create-payment-intent')).toBe(false);

      const user = userEvent.setup();
      await user.click(within(form).getByRole('button', { name: 'Sign the waiver' }));
      expect(within(form).getByLabelText('Type your full name to sign')).toHaveAccessibleDescription(
        'Type your full name to sign',
      );
      expect(within(form).getByRole('checkbox', { name: 'I agree to this waiver' })).toHaveAccessibleDescription(
        'Tick "I agree to this waiver" to sign',
      );
      expect(http.calls.some((c) => c.method === 'POST' && c.url === '/waivers/signatures')).toBe(false);

      await user.click(within(form).getByRole('checkbox', { name: 'I agree to this waiver' }));
      await user.type(within(form).getByLabelText('Type your full name to sign'), 'Mia Chen');
      await user.click(within(form).getByRole('button', { name: 'Sign the waiver' }));
      expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
      expect(http.calls.find((c) => c.url === '/waivers/signatures')?.body).toEqual({
        camperId: 'k1',
        version: 2,
        typedName: 'Mia Chen',
        agreed: true,
      });
    });

    it('goes straight to the card form when the current version is signed', async () => {
      http = routes({
        'GET /classes/payment/s1': [200, forAva],
        'GET /waivers/family': [200, { current: waiver, campers: [{ ...unsigned, signedVersion: 2, upToDate: true }] }],
      });
      open();
      expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Participation waiver' })).not.toBeInTheDocument();
    });

    it("shows the API's refusal when the waiver changed meanwhile", async () => {
      http = routes({
        'GET /classes/payment/s1': [200, forAva],
        'GET /waivers/family': [200, { current: waiver, campers: [unsigned] }],
        'POST /waivers/signatures': [
          409,
          { statusCode: 409, message: 'The waiver has changed: read version 3 and sign it' },
        ],
      });
      open();
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Participation waiver' });
      await user.click(within(form).getByRole('checkbox', { name: 'I agree to this waiver' }));
      await user.type(within(form).getByLabelText('Type your full name to sign'), 'Mia Chen');
      await user.click(within(form).getByRole('button', { name: 'Sign the waiver' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The waiver has changed: read version 3 and sign it');
    });
  });
});
