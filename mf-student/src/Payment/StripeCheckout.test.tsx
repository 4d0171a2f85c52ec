import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEV_RUNTIME_CONFIG, setRuntimeConfig, type SelectedClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { PaymentPage } from './PaymentPage';

// Stripe.js cannot load offline: the provider's modules are replaced at their boundary with a card element the
// test drives (ready, change errors) and a stripe object that records confirmCardPayment.
const stripe = { confirmCardPayment: jest.fn() };
const cardElement = { kind: 'card' };
let cardProps: { options?: unknown; onReady?: () => void; onChange?: (e: { error?: { message: string } }) => void } =
  {};

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => Promise.resolve(stripe)) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
  CardElement: (props: typeof cardProps) => {
    cardProps = props;
    return <div data-testid="card-element" />;
  },
}));

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

let http: ReturnType<typeof mockApi>;
beforeEach(() => {
  setRuntimeConfig({ ...DEV_RUNTIME_CONFIG, stripePublishableKey: 'pk_test_sportify' });
  http = mockApi({
    'GET /classes/payment/s1': [200, soccer],
    'POST /create-payment-intent': [
      200,
      { clientSecret: 'pi_1_secret_abc', paymentIntentId: 'pi_1', amount: 120, currency: 'usd' },
    ],
    'POST /payments': [
      201,
      { insertResult: { insertedId: 'p1' }, deleteResult: { deletedCount: 1 }, alreadyRecorded: false },
    ],
  });
});
afterEach(() => {
  setRuntimeConfig(DEV_RUNTIME_CONFIG);
  http.restore();
});

const open = () =>
  renderScreen(<PaymentPage />, {
    path: '/dashboard/payment/:id',
    url: '/dashboard/payment/s1',
    session: sessionAs('student', email, 'Test Student'),
    otherPaths: ['/dashboard/enrolled-classes'],
  });

describe('Payment with Stripe Elements (publishable key configured)', () => {
  it('renders CardElement at 16px without the test-mode form, and Pay waits for the card element', async () => {
    open();
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(cardProps.options).toMatchObject({ style: { base: { fontSize: '16px' } } });
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: /test mode/i })).not.toBeInTheDocument();

    const pay = await screen.findByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    act(() => cardProps.onReady?.());
    expect(pay).toBeEnabled();
  });

  it("shows Stripe's live card error in red under the form", async () => {
    open();
    await screen.findByTestId('card-element');
    act(() => cardProps.onChange?.({ error: { message: 'Your card number is invalid.' } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
  });

  it('confirms the card payment with billing e-mail and name, then records it', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const user = userEvent.setup();
    open();
    await screen.findByTestId('card-element');
    act(() => cardProps.onReady?.());
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'at /dashboard/enrolled-classes' })).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_abc', {
      payment_method: { card: cardElement, billing_details: { email, name: 'Test Student' } },
    });
    expect(http.calls.filter((c) => c.url === '/payments')).toHaveLength(1);
  });
});
