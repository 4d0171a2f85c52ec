import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, type CampClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ManageClassesPage } from './ManageClassesPage';

const base = { instructorName: 'Jordan Lee', instructorEmail: 'jordan@sportify.camp', enrolled: 0, feedback: '', date: '2026-06-01T09:00:00.000Z' };
const classes: CampClass[] = [
  { ...base, _id: 'c1', className: 'Beach Volleyball', classImage: 'http://img.test/volleyball.svg', seats: 12, price: 89.5, status: 'pending' },
  { ...base, _id: 'c2', className: 'Soccer Training', classImage: 'http://img.test/soccer.svg', seats: 10, price: 120, status: 'approved' },
  { ...base, _id: 'c3', className: 'Open Water Rowing', classImage: 'http://img.test/rowing.svg', seats: 8, price: 95, status: 'denied',
    feedback: 'Please add a safety plan.' },
];

function renderPage() {
  renderScreen(<><ManageClassesPage /><AppToastContainer /></>, {
    path: '/dashboard/all-classes', session: sessionAs('admin'), otherPaths: ['/dashboard/feedback/:id'],
  });
  return userEvent.setup();
}

describe('Manage Classes', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('shows every class with instructor, seats, $ price, status and feedback', async () => {
    http = mockApi({ 'GET /all-classes': [200, classes] });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Manage Classes' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      ['#', 'Class Photo', 'Class Name', 'Instructor', 'Available seats', 'Price', 'Status', 'Feedback', 'Decision'],
    );
    const volleyball = within(table).getByRole('row', { name: /Beach Volleyball/ });
    expect(within(volleyball).getAllByRole('cell').slice(0, 7).map((td) => td.textContent)).toEqual(
      ['1', '', 'Beach Volleyball', 'Jordan Leejordan@sportify.camp', '12', '$89.50', 'pending'],
    );
    expect(within(volleyball).getByRole('img', { name: 'Beach Volleyball' })).toHaveAttribute('src', 'http://img.test/volleyball.svg');
    expect(within(table).getByRole('row', { name: /Soccer Training/ })).toHaveTextContent('$120');
    expect(within(table).getByRole('row', { name: /Open Water Rowing/ })).toHaveTextContent('Please add a safety plan.');
  });

  it('enables Approved and Denied only while the class is pending', async () => {
    http = mockApi({ 'GET /all-classes': [200, classes] });
    renderPage();
    const pending = await screen.findByRole('row', { name: /Beach Volleyball/ });
    expect(within(pending).getByRole('button', { name: 'Approved' })).toBeEnabled();
    expect(within(pending).getByRole('button', { name: 'Denied' })).toBeEnabled();
    for (const name of [/Soccer Training/, /Open Water Rowing/]) {
      const row = screen.getByRole('row', { name });
      expect(within(row).getByRole('button', { name: 'Approved' })).toBeDisabled();
      expect(within(row).getByRole('button', { name: 'Denied' })).toBeDisabled();
    }
  });

  it('approves a class, says so, refetches and then disables both buttons', async () => {
    let list = classes;
    http = mockApi({
      'GET /all-classes': () => [200, list],
      'PATCH /classes/status/c1': (_config, body) => {
        list = classes.map((c) => (c._id === 'c1' ? { ...c, status: (body as { status: 'approved' }).status } : c));
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    const user = renderPage();
    const row = await screen.findByRole('row', { name: /Beach Volleyball/ });
    await user.click(within(row).getByRole('button', { name: 'Approved' }));

    expect(await screen.findByText('Beach Volleyball is approved')).toBeInTheDocument();
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'approved' });
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Denied' })).toBeDisabled());
    expect(within(row).getByRole('button', { name: 'Approved' })).toBeDisabled();
    expect(row).toHaveTextContent('approved');
    expect(http.calls.filter((call) => call.url === '/all-classes')).toHaveLength(2);
  });

  it('denies a class with its own notice', async () => {
    http = mockApi({
      'GET /all-classes': [200, classes],
      'PATCH /classes/status/c1': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    await user.click(within(await screen.findByRole('row', { name: /Beach Volleyball/ })).getByRole('button', { name: 'Denied' }));
    expect(await screen.findByText('Beach Volleyball is denied')).toBeInTheDocument();
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'denied' });
  });

  it('reports a refused decision (another admin was faster)', async () => {
    http = mockApi({
      'GET /all-classes': [200, classes],
      'PATCH /classes/status/c1': [409, { statusCode: 409, message: 'This class is already denied; a decision is final' }],
    });
    const user = renderPage();
    await user.click(within(await screen.findByRole('row', { name: /Beach Volleyball/ })).getByRole('button', { name: 'Approved' }));
    expect(await screen.findByText('Beach Volleyball could not be approved. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Beach Volleyball is approved')).not.toBeInTheDocument();
  });

  it('links each class to its feedback form', async () => {
    http = mockApi({ 'GET /all-classes': [200, classes] });
    const user = renderPage();
    const link = within(await screen.findByRole('row', { name: /Open Water Rowing/ })).getByRole('link', { name: 'FeedBack' });
    expect(link).toHaveAttribute('href', '/dashboard/feedback/c3');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'at /dashboard/feedback/:id' })).toBeInTheDocument();
  });

  it('shows the empty and failed states, with Retry', async () => {
    let fail = true;
    http = mockApi({ 'GET /all-classes': () => (fail ? [500, {}] : [200, []]) });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The classes could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No classes have been added yet.')).toBeInTheDocument();
  });
});
