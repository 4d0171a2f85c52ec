import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, theme, type SelectedClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { routes } from '@sportify/platform/routes';
import { CheckoutForm, CONFIRM_RETRY_MS, CONFIRMING_TEXT, type CardProvider } from './CheckoutForm';

const email = 'student@sportify.camp';
const selection: SelectedClass = {
  _id: 's1',
  classId: 'c1',
  className: 'Soccer Training',
  instructorName: 'Jordan Lee',
  seats: 5,
  studentEmail: email,
  price: 120,
};
const billing = { email, name: 'Test Student' };

/** A card provider whose confirmation the test settles by hand. */
function controlledProvider(ready = true) {
  let settle: (result: Awaited<ReturnType<CardProvider['confirm']>>) => void = () => undefined;
  const confirm = jest.fn<ReturnType<CardProvider['confirm']>, Parameters<CardProvider['confirm']>>(
    () =>
      new Promise((resolve) => {
        settle = resolve;
      }),
  );
  return { provider: { ready, confirm }, settle: (r: Awaited<ReturnType<CardProvider['confirm']>>) => settle(r) };
}

const open = (provider: CardProvider, clientSecret?: string) =>
  renderScreen(
    <CheckoutForm selection={selection} billing={billing} clientSecret={clientSecret} provider={provider}>
      <p>card fields</p>
    </CheckoutForm>,
    {
      path: '/dashboard/payment/:id',
      url: '/dashboard/payment/s1',
      session: sessionAs('student', email),
      otherPaths: [routes.enrolledClasses],
    },
  );

const recorded = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/payments');

let http: ReturnType<typeof mockApi>;
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

describe('CheckoutForm: when Pay can be pressed', () => {
  it('is disabled while there is no client secret', () => {
    http = mockApi({});
    open(controlledProvider().provider, undefined);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('is disabled while the card provider is not ready', () => {
    http = mockApi({});
    open(controlledProvider(false).provider, 'pi_1_secret_x');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('is enabled with a ready provider and a client secret, and disabled while the payment is submitted', async () => {
    http = mockApi({
      'POST /payments': [
        201,
        { insertResult: { insertedId: 'p1' }, deleteResult: { deletedCount: 1 }, alreadyRecorded: false },
      ],
    });
    const notice = jest.spyOn(notify, 'notice');
    const { provider, settle } = controlledProvider();
    const user = userEvent.setup();
    const { router } = open(provider, 'pi_1_secret_x');
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toBeEnabled();

    // A double click starts one confirmation only.
    await user.dblClick(pay);
    expect(pay).toBeDisabled();
    expect(provider.confirm).toHaveBeenCalledTimes(1);
    expect(provider.confirm).toHaveBeenCalledWith('pi_1_secret_x', billing);

    settle({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(await screen.findByRole('heading', { name: `at ${routes.enrolledClasses}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(routes.enrolledClasses);
    expect(notice).toHaveBeenCalledWith('Your Payment is confirmed');
    expect(recorded(http.calls)).toHaveLength(1);
    expect(recorded(http.calls)[0].body).toEqual({
      transactionId: 'pi_1',
      email,
      className: 'Soccer Training',
      price: 120,
      id: 'c1',
      deleteId: 's1',
      date: expect.any(String),
      status: 'service pending',
    });
  });
});

describe('CheckoutForm: outcomes', () => {
  it("shows the card's error in red under the form and records nothing", async () => {
    http = mockApi({});
    const { provider, settle } = controlledProvider();
    const user = userEvent.setup();
    open(provider, 'pi_1_secret_x');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    settle({ error: 'Your card was declined.' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveStyle({ color: theme.colors.danger });
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(recorded(http.calls)).toHaveLength(0);
  });

  it(
    'charged but not recorded (5xx): says the payment is being confirmed, never offers Pay again, and records it once the API answers',
    async () => {
      let up = false;
      http = mockApi({
        'POST /payments': () =>
          up
            ? [200, { insertResult: { insertedId: 'p1' }, deleteResult: { deletedCount: 0 }, alreadyRecorded: true }]
            : [503, { statusCode: 503, message: 'Service unavailable' }],
      });
      const { provider, settle } = controlledProvider();
      const user = userEvent.setup();
      open(provider, 'pi_1_secret_x');
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      settle({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });

      expect(await screen.findByText('Transaction complete with transactionId: pi_1')).toBeInTheDocument();
      expect(await screen.findByText(CONFIRMING_TEXT)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // not a failure: the money is taken
      expect(screen.getByRole('link', { name: 'Go to My Enrolled Classes' })).toHaveAttribute(
        'href',
        routes.enrolledClasses,
      );

      up = true; // the page keeps reporting the same transaction until the API answers
      expect(
        await screen.findByRole('heading', { name: `at ${routes.enrolledClasses}` }, { timeout: CONFIRM_RETRY_MS * 2 }),
      ).toBeInTheDocument();
      expect(provider.confirm).toHaveBeenCalledTimes(1);
      expect(new Set(recorded(http.calls).map((c) => (c.body as { transactionId: string }).transactionId))).toEqual(
        new Set(['pi_1']),
      );
    },
    CONFIRM_RETRY_MS * 4,
  );

  it("shows the API's sold-out message and keeps Pay disabled (the charge was refunded)", async () => {
    http = mockApi({
      'POST /payments': [
        409,
        { statusCode: 409, message: 'This class is sold out; your payment has been refunded', error: 'Conflict' },
      ],
    });
    const { provider, settle } = controlledProvider();
    const user = userEvent.setup();
    open(provider, 'pi_1_secret_x');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    settle({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This class is sold out; your payment has been refunded',
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});
