import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import userEvent from '@testing-library/user-event';
import { AccountPage } from './AccountPage';

const summary = {
  credit: 40,
  due: 160,
  installments: [
    {
      className: 'Summer Soccer',
      camperName: 'Leo',
      n: 2,
      of: 3,
      amount: 80,
      dueAt: '2027-06-01T16:00:00.000Z',
      failed: false,
    },
    {
      className: 'Summer Soccer',
      camperName: 'Leo',
      n: 3,
      of: 3,
      amount: 80,
      dueAt: '2027-06-29T16:00:00.000Z',
      failed: true,
    },
  ],
};
const movement = (id: string, label: string, amount: number, receipt?: string) => ({
  _id: id,
  at: '2027-04-02T16:00:00.000Z',
  kind: 'payment',
  label,
  className: 'Summer Soccer',
  camperName: 'Leo',
  amount,
  ...(receipt ? { receipt } : {}),
});
const statement = {
  items: [movement('m2', 'Deposit', -60, 'pi_dep'), movement('m1', 'Price', 300), movement('m0', 'Kept as credit', 40)],
  total: 3,
  page: 1,
  limit: 24,
};

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const open = () =>
  renderScreen(<AccountPage />, {
    path: '/dashboard/account',
    url: '/dashboard/account',
    session: sessionAs('student', 'parent@sportify.camp', 'Pat Parent'),
  });

describe('My Account', () => {
  it('shows the credit, the installments due and the statement as the API answers them', async () => {
    http = mockApi({ 'GET /account': [200, summary], 'GET /account/statement': [200, statement] });
    open();
    const balance = await screen.findByLabelText('Balance');
    expect(balance).toHaveTextContent('Account credit$40');
    expect(balance).toHaveTextContent('Installments due$160');
    const due = screen.getByRole('list', { name: 'Installments due' });
    expect(
      within(due)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Summer Soccer (Leo): installment 2 of 3, $80 on Jun 1, 2027',
      'Summer Soccer (Leo): installment 3 of 3, $80 on Jun 29, 2027 (the last charge failed)',
    ]);
    const table = await screen.findByRole('table', { name: 'Statement' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual([
      'Deposit',
      'Price',
      'Kept as credit',
    ]);
    expect(within(rows[0]).getByRole('cell', { name: '-$60' })).toBeInTheDocument();
    // Only payments have receipts.
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
  });

  it("downloads a payment's receipt as a text file", async () => {
    http = mockApi({
      'GET /account': [200, summary],
      'GET /account/statement': [200, statement],
      'GET /account/receipts/pi_dep': [200, 'Sportify Camp receipt\nDeposit: $60\n'],
    });
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:receipt';
    };
    URL.revokeObjectURL = () => undefined;
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Download the receipt of Deposit for Summer Soccer' }));
    await waitFor(() => expect(downloaded).toBe('receipt-pi_dep.txt'));
    click.mockRestore();
    expect(await files[0].text()).toContain('Deposit: $60');
  });
});
