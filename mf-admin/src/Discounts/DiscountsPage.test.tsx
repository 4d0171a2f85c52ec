import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { DiscountsPage } from './DiscountsPage';

const soccer = { _id: 'c1', className: 'Summer Soccer', price: 150 };
const code = {
  _id: 'k1',
  code: 'SUMMER10',
  kind: 'percent',
  value: 10,
  validUntil: '2027-06-30',
  maxUses: 100,
  used: 3,
  disabled: false,
  createdAt: '2027-04-01T10:00:00.000Z',
};

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const routes = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /discounts': [
      200,
      {
        siblingPercent: 10,
        earlyBird: [
          { classId: 'c1', className: 'Summer Soccer', price: 150, earlyBirdPrice: 120, earlyBirdUntil: '2027-05-31' },
        ],
      },
    ],
    'GET /discounts/codes': [200, { items: [code], total: 1, page: 1, limit: 60 }],
    'GET /all-classes': [200, { items: [soccer], total: 1, page: 1, limit: 60 }],
    ...extra,
  });

const open = () => {
  renderScreen(<DiscountsPage />, { path: '/dashboard/discounts', session: sessionAs('admin') });
  return userEvent.setup();
};

describe('Discounts (admins)', () => {
  it('shows the sibling discount, the early-bird prices and the codes with their uses', async () => {
    http = routes();
    open();
    expect(await screen.findByLabelText('Sibling discount (%)')).toHaveValue(10);
    const early = await screen.findByRole('table', { name: 'Early-bird prices' });
    expect(within(early).getByRole('cell', { name: '$120' })).toBeInTheDocument();
    expect(within(early).getByRole('cell', { name: '2027-05-31' })).toBeInTheDocument();
    const codes = await screen.findByRole('table', { name: 'Promo codes' });
    expect(within(codes).getByRole('cell', { name: '10%' })).toBeInTheDocument();
    expect(within(codes).getByRole('cell', { name: '3 of 100' })).toBeInTheDocument();
  });

  it('saves the sibling discount, and shows the API refusal of a bad one', async () => {
    http = routes({
      'PUT /discounts/sibling': (_config, body) =>
        (body as { percent: number }).percent > 50
          ? [400, { statusCode: 400, message: 'Sibling discount must be a whole number of percent from 0 to 50' }]
          : [200, { siblingPercent: (body as { percent: number }).percent }],
    });
    const user = open();
    // The saved value first: an admin edits what the screen shows.
    const field = await screen.findByDisplayValue('10');
    await user.clear(field);
    await user.type(field, '60');
    await user.click(
      within(screen.getByRole('form', { name: 'Sibling discount' })).getByRole('button', { name: 'Save' }),
    );
    expect(
      await screen.findByText('Sibling discount must be a whole number of percent from 0 to 50'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '15');
    await user.click(
      within(screen.getByRole('form', { name: 'Sibling discount' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByLabelText('Sibling discount (%)');
    expect(http.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ percent: 60 }, { percent: 15 }]);
  });

  it('sets an early-bird price for a chosen class until a date', async () => {
    http = routes({ 'PUT /discounts/early-bird/c1': [200, {}] });
    const user = open();
    const form = screen.getByRole('form', { name: 'Early-bird price' });
    // The classes to choose from come with the list of approved classes.
    await within(form).findByRole('option', { name: 'Summer Soccer ($150)' });
    await user.selectOptions(within(form).getByLabelText('Class'), 'Summer Soccer ($150)');
    await user.type(within(form).getByLabelText('Early-bird price ($)'), '110');
    fireEvent.change(within(form).getByLabelText('Until'), { target: { value: '2027-05-15' } });
    await user.click(within(form).getByRole('button', { name: 'Save early-bird price' }));
    await screen.findByRole('table', { name: 'Early-bird prices' });
    expect(http.calls.find((c) => c.method === 'PUT')?.body).toEqual({ price: 110, until: '2027-05-15' });
  });

  it('adds a promo code with its limits, and disables one', async () => {
    http = routes({
      'POST /discounts/codes': [201, { ...code, _id: 'k2', code: 'EARLY25' }],
      'POST /discounts/codes/k1/disable': [200, { ...code, disabled: true }],
    });
    const user = open();
    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'early25');
    await user.selectOptions(within(form).getByLabelText('Kind'), '$ off');
    await user.type(within(form).getByLabelText('Value'), '25');
    fireEvent.change(within(form).getByLabelText('Valid until'), { target: { value: '2027-06-30' } });
    await user.type(within(form).getByLabelText('Maximum uses'), '1');
    await user.click(within(form).getByRole('button', { name: 'Add code' }));
    await user.click(await screen.findByRole('button', { name: 'Disable SUMMER10' }));
    const posts = http.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      ['/discounts/codes', { code: 'early25', kind: 'amount', value: 25, validUntil: '2027-06-30', maxUses: 1 }],
      ['/discounts/codes/k1/disable', undefined],
    ]);
  });
});
