import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, pagedRoute, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { EnrolledClassesPage } from './EnrolledClassesPage';
import type { EnrolledItem } from './enrolledApi';

const email = 'student@sportify.camp';
const listUrl = `GET /payments/enrolled/${encodeURIComponent(email)}`;
const older: EnrolledItem = {
  _id: 'p1',
  className: 'Soccer Training',
  transactionId: 'pi_sandbox_older',
  price: 120,
  date: '2026-06-01T09:30:00.000Z',
  status: 'service pending',
  classId: 'c1',
};
const newer: EnrolledItem = {
  _id: 'p2',
  className: 'Swimming Lessons',
  transactionId: 'pi_sandbox_newer',
  price: 49.5,
  date: '2026-07-15T16:05:00.000Z',
  status: 'service pending',
  classId: 'c2',
};

const open = () =>
  renderScreen(<EnrolledClassesPage />, {
    path: '/dashboard/enrolled-classes',
    session: sessionAs('student', email),
    otherPaths: ['/classes'],
  });

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('My Enrolled Classes', () => {
  it('says when a dated class starts and offers its calendar file; an undated class has neither', async () => {
    const dated = { ...newer, startDate: '2027-07-06T13:00:00.000Z', sessions: 4 };
    http = mockApi({ [listUrl]: pagedRoute([older, dated]) });
    open();
    const table = await screen.findByRole('table', { name: 'My Enrolled Classes' });
    const swim = within(table).getByRole('row', { name: /Swimming Lessons/ });
    expect(swim).toHaveTextContent('Starts Tue, Jul 6, 2027, 9:00 AM EDT');
    const link = within(swim).getByRole('link', { name: 'Add Swimming Lessons to calendar' });
    expect(link).toHaveTextContent('Add to calendar');
    expect(link).toHaveAttribute('href', 'http://localhost:5000/classes/c2/calendar.ics');
    expect(link).toHaveAttribute('download');
    const soccer = within(table).getByRole('row', { name: /Soccer Training/ });
    expect(soccer).not.toHaveTextContent('Starts');
    expect(within(soccer).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the paid classes newest first with transaction id, price followed by $ and the long enrolled date', async () => {
    http = mockApi({ [listUrl]: pagedRoute([older, newer]) });
    open();
    const table = await screen.findByRole('table', { name: 'My Enrolled Classes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Class Name', 'Transaction Id', 'Price', 'Enrolled Date']);
    const [, first, second] = within(table).getAllByRole('row');
    const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', 'Swimming Lessons', 'pi_sandbox_newer', '49.5$', long.format(new Date(newer.date))]);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', 'Soccer Training', 'pi_sandbox_older', '120$', long.format(new Date(older.date))]);
    // Long format: the month is written out, not the ISO string; the machine-readable value stays on <time>.
    expect(within(first).getByText(/2026/)).toHaveAttribute('dateTime', newer.date);
    expect(within(first).getByText(/2026/).textContent).not.toContain('2026-07-15');
    expect(http.calls.map((c) => c.url)).toEqual([`/payments/enrolled/${encodeURIComponent(email)}`]);
  });

  it('shows an empty state that links to the classes', async () => {
    http = mockApi({ [listUrl]: pagedRoute([]) });
    open();
    expect(await screen.findByText('You are not enrolled in any class yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse classes' })).toHaveAttribute('href', '/classes');
  });

  it('shows a spinner while loading, then the error with a Retry that loads again', async () => {
    let fail = true;
    http = mockApi({
      [listUrl]: (config) =>
        fail ? [503, { statusCode: 503, message: 'Service unavailable' }] : pagedRoute([older])(config, undefined),
    });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status', { name: 'Loading your enrolled classes' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('pi_sandbox_older')).toBeInTheDocument();
  });

  it('makes no call for an instructor, who has no payments', () => {
    http = mockApi({});
    renderScreen(<EnrolledClassesPage />, { path: '/dashboard/enrolled-classes', session: sessionAs('instructor') });
    expect(screen.getByText(/This page is for students/)).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('pages a long list newest first, with a count and # counting on; the page is in the URL', async () => {
    const many: EnrolledItem[] = Array.from({ length: 27 }, (_, i) => ({
      ...older,
      _id: `p${i + 1}`,
      className: `Class ${i + 1}`,
      transactionId: `pi_${i + 1}`,
      // Newest first, as the API sends them.
      date: new Date(Date.UTC(2026, 6, 30 - i)).toISOString(),
    }));
    http = mockApi({ [listUrl]: pagedRoute(many) });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('24 of 27 enrolled classes')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Enrolled classes pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('3 of 27 enrolled classes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const rows = within(screen.getByRole('table', { name: 'My Enrolled Classes' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['25', '26', '27']);
    expect(rows[0]).toHaveTextContent('pi_25');
    expect(http.calls.map((c) => c.url)).toEqual([
      `/payments/enrolled/${encodeURIComponent(email)}`,
      `/payments/enrolled/${encodeURIComponent(email)}`,
    ]);
  });
});
