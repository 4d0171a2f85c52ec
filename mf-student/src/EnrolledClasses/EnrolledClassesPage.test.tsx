import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer } from '@sportify/shared-ui';
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
    const link = within(swim).getByRole('link', { name: 'Add to calendar: Swimming Lessons' });
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
    ).toEqual(['#', 'Class Name', 'Transaction Id', 'Price', 'Enrolled Date', 'Cancel']);
    const [, first, second] = within(table).getAllByRole('row');
    const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '1',
      'Swimming Lessons',
      expect.any(String),
      '49.50$',
      long.format(new Date(newer.date)),
      'Cancel enrolment',
    ]);
    // The transaction id is read whole (its start and end are what shows), then its Copy button.
    expect(within(first).getAllByRole('cell')[2]).toHaveAccessibleName('pi_sandbox_newer Copy');
    expect(
      within(second)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '2',
      'Soccer Training',
      expect.any(String),
      '120$',
      long.format(new Date(older.date)),
      'Cancel enrolment',
    ]);
    expect(within(second).getAllByRole('cell')[2]).toHaveAccessibleName('pi_sandbox_older Copy');
    expect(within(second).getByRole('button', { name: 'Copy transaction id of Soccer Training' })).toBeInTheDocument();
    // Long format: the month is written out, not the ISO string; the machine-readable value stays on <time>.
    expect(within(first).getByText(/2026/)).toHaveAttribute('dateTime', newer.date);
    expect(within(first).getByText(/2026/).textContent).not.toContain('2026-07-15');
    expect(http.calls.map((c) => c.url)).toEqual([`/payments/enrolled/${encodeURIComponent(email)}`]);
  });

  it("names the camper on a camper's row, and the Cancel button says whose place it is", async () => {
    const forAva = { ...older, _id: 'p3', camperId: 'k1', camperName: 'Ava Chen' };
    http = mockApi({ [listUrl]: pagedRoute([older, forAva]) });
    open();
    const table = await screen.findByRole('table', { name: 'My Enrolled Classes' });
    const rows = within(table).getAllByRole('row', { name: /Soccer Training/ });
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.textContent?.includes('For Ava Chen'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancel enrolment in Soccer Training (Ava Chen)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel enrolment in Soccer Training' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy transaction id of Soccer Training (Ava Chen)' }),
    ).toBeInTheDocument();
  });

  it("keeps a row's camper, start and calendar link in its Class Name cell, read with the class", async () => {
    const dated = {
      ...newer,
      startDate: '2027-07-06T13:00:00.000Z',
      sessions: 4,
      camperId: 'k1',
      camperName: 'Ava Chen',
    };
    http = mockApi({ [listUrl]: pagedRoute([dated]) });
    open();
    const table = await screen.findByRole('table', { name: 'My Enrolled Classes' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getAllByRole('cell')).toHaveLength(6);
    const classCell = within(row).getAllByRole('cell')[1];
    expect(classCell).toHaveAccessibleName(
      'Swimming Lessons For Ava Chen Starts Tue, Jul 6, 2027, 9:00 AM EDT Add to calendar: Swimming Lessons (Ava Chen)',
    );
    expect(within(classCell).getByRole('link', { name: 'Add to calendar: Swimming Lessons (Ava Chen)' })).toBeVisible();
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

describe('My Enrolled Classes: Cancel enrolment', () => {
  const openWithToasts = () => {
    render(<AppToastContainer />);
    return open();
  };

  it('asks first; Refund to card cancels through the API and shows the refund notice', async () => {
    let rows = [older, newer];
    http = mockApi({
      [listUrl]: pagedRoute(() => rows),
      'POST /payments/p1/cancel': () => {
        rows = [newer];
        return [
          200,
          {
            cancelled: true,
            className: older.className,
            refund: 120,
            credit: 0,
            refundTo: 'card',
            refundState: 'refunded',
          },
        ];
      },
    });
    const user = userEvent.setup();
    openWithToasts();
    await user.click(await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your place in Soccer Training?' });
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund to card' }));
    expect(await screen.findByText('Your enrolment is cancelled and 120$ will be refunded')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/payments/p1/cancel', { refundTo: 'card' }],
    ]);
    await waitFor(() => expect(screen.queryByText('Soccer Training')).not.toBeInTheDocument());
  });

  it('Keep as credit cancels with the money kept as credit, and says so', async () => {
    http = mockApi({
      [listUrl]: pagedRoute([older]),
      'POST /payments/p1/cancel': [
        200,
        {
          cancelled: true,
          className: older.className,
          refund: 0,
          credit: 120,
          refundTo: 'credit',
          refundState: 'refunded',
        },
      ],
    });
    const user = userEvent.setup();
    openWithToasts();
    await user.click(await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' }));
    await user.click(screen.getByRole('button', { name: 'Keep as credit' }));
    expect(await screen.findByText('Your enrolment is cancelled and 120$ is kept as credit')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ refundTo: 'credit' });
  });

  it('shows the balance of a plan and the breakdown it was paid at', async () => {
    const onPlan = {
      ...older,
      lines: [
        { kind: 'price', label: 'Price', amount: 300 },
        { kind: 'sibling', label: 'Sibling discount (10%)', amount: -30 },
        { kind: 'total', label: 'Total', amount: 270 },
      ],
      balanceDue: { amount: 180, dueAt: '2027-06-01T16:00:00.000Z', failed: false },
    };
    http = mockApi({ [listUrl]: pagedRoute([onPlan]) });
    openWithToasts();
    expect(await screen.findByText('Balance due $180 on Jun 1, 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay balance now: Soccer Training' })).toHaveAttribute(
      'href',
      `/dashboard/balance/${older._id}`,
    );
    expect(screen.getByText('Price $300 · Sibling discount (10%) -$30 · Total $270')).toBeInTheDocument();
  });

  it('No, keep it changes nothing', async () => {
    http = mockApi({ [listUrl]: pagedRoute([older]) });
    const user = userEvent.setup();
    openWithToasts();
    await user.click(await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' }));
    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is disabled after the cutoff, with the reason in its title; open before it', async () => {
    const past = { ...older, startDate: '2020-01-03T12:00:00.000Z', cancelUntil: '2020-01-01T12:00:00.000Z' };
    const future = { ...newer, cancelUntil: '2999-01-01T12:00:00.000Z' };
    http = mockApi({ [listUrl]: pagedRoute([past, future]) });
    openWithToasts();
    const late = await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' });
    expect(late).toBeDisabled();
    // In the camp's time zone (America/New_York by default), as every date on the site.
    expect(late).toHaveAttribute(
      'title',
      'Cancellations closed on Wed, Jan 1, 2020, 7:00 AM EST, shortly before the class starts',
    );
    const open = screen.getByRole('button', { name: 'Cancel enrolment in Swimming Lessons' });
    expect(open).toBeEnabled();
    expect(open).not.toHaveAttribute('title');
  });

  it('names the window after payment when a class without a start date can no longer be cancelled', async () => {
    const undated = { ...older, startDate: undefined, cancelUntil: '2020-01-01T12:00:00.000Z' };
    http = mockApi({ [listUrl]: pagedRoute([undated]) });
    openWithToasts();
    const late = await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' });
    expect(late).toBeDisabled();
    expect(late).toHaveAttribute(
      'title',
      'Cancellations closed on Wed, Jan 1, 2020, 7:00 AM EST, at the end of the window after payment',
    );
  });

  it("shows the API's reason when it refuses", async () => {
    http = mockApi({
      [listUrl]: pagedRoute([older]),
      'POST /payments/p1/cancel': [
        409,
        { statusCode: 409, message: 'Cancellations close 48 hours before the class starts', error: 'Conflict' },
      ],
    });
    const user = userEvent.setup();
    openWithToasts();
    await user.click(await screen.findByRole('button', { name: 'Cancel enrolment in Soccer Training' }));
    await user.click(screen.getByRole('button', { name: 'Refund to card' }));
    expect(await screen.findByText('Cancellations close 48 hours before the class starts')).toBeInTheDocument();
  });
});
