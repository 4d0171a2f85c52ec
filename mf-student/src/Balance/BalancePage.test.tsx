import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { BalancePage } from './BalancePage';

const email = 'parent@sportify.camp';
const enrolled = '/dashboard/enrolled-classes';
const open = () =>
  renderScreen(<BalancePage />, {
    path: '/dashboard/balance/:id',
    url: '/dashboard/balance/p1',
    session: sessionAs('student', email, 'Pat Parent'),
    otherPaths: [enrolled],
  });

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('Pay balance now', () => {
  it("pays what is left of the plan with the card: the API's amount, recorded as the balance, then enrolled", async () => {
    http = mockApi({
      'POST /payments/p1/balance': [
        200,
        { clientSecret: 'pi_bal_secret_x', paymentIntentId: 'pi_bal', amount: 160, currency: 'usd' },
      ],
      'POST /payments/sandbox/confirm': [200, { paymentIntent: { id: 'pi_bal', status: 'succeeded', amount: 16000 } }],
      'POST /payments/balance': [200, { paid: 160, refunded: 0 }],
    });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('$160', { selector: 'strong' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: `at ${enrolled}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(enrolled);
    expect(http.calls.find((c) => c.url === '/payments/balance')?.body).toEqual({ transactionId: 'pi_bal' });
    expect(http.calls.some((c) => c.url === '/payments')).toBe(false);
  });

  it("says so when nothing is left to pay (the API's answer), with a way back", async () => {
    http = mockApi({
      'POST /payments/p1/balance': [409, { statusCode: 409, message: 'Nothing is left to pay on this enrolment' }],
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is left to pay on this enrolment');
    expect(screen.getByRole('link', { name: 'Back to My Enrolled Classes' })).toBeInTheDocument();
  });
});
