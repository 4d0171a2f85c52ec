import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SelectedClass } from '@sportify/shared-ui';
import { mockApi, pagedRoute, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { SelectedClassesPage } from './SelectedClassesPage';

const email = 'student@sportify.camp';
const listUrl = `GET /classes/selected/${encodeURIComponent(email)}`;
const soccer: SelectedClass = {
  _id: 's1',
  classId: 'c1',
  className: 'Soccer Training',
  instructorName: 'Jordan Lee',
  seats: 5,
  studentEmail: email,
  price: 120,
};
const tennis: SelectedClass = {
  _id: 's2',
  classId: 'c2',
  className: 'Tennis Camp',
  instructorName: 'Sam Rivera',
  seats: 0,
  studentEmail: email,
  price: 90,
};

const path = '/dashboard/selected-classes';
const open = () =>
  renderScreen(<SelectedClassesPage />, { path, session: sessionAs('student', email), otherPaths: ['/classes'] });

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

describe('My Selected Classes', () => {
  it("lists the student's selections with seats, a Pay link per selection and a Delete button", async () => {
    http = mockApi({ [listUrl]: pagedRoute([soccer, tennis]) });
    open();
    expect(screen.getByRole('heading', { name: 'My Selected Classes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My Selected Classes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Class Name', 'Instructor Name', 'Available Seats', 'Pay', 'Delete']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', 'Soccer Training', 'Jordan Lee', '5', 'Pay', 'Delete']);
    expect(within(second).getAllByRole('cell')[3]).toHaveTextContent('0');
    expect(within(first).getByRole('link', { name: 'Pay for Soccer Training' })).toHaveAttribute(
      'href',
      '/dashboard/payment/s1',
    );
    expect(within(second).getByRole('link', { name: 'Pay for Tennis Camp' })).toHaveAttribute(
      'href',
      '/dashboard/payment/s2',
    );
    // The list is asked for with the signed-in student's own e-mail and token header.
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual([listUrl]);
  });

  it("asks first, removes on 'Yes, remove it!', then confirms 'Removed!' and the row is gone", async () => {
    let selections = [soccer, tennis];
    http = mockApi({
      [listUrl]: pagedRoute(() => selections),
      'DELETE /classes/selected/s1': () => {
        selections = [tennis];
        return [200, { deletedCount: 1 }];
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete Soccer Training' }));

    const ask = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(ask).toHaveAccessibleDescription('Remove it from selected items');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Yes, remove it!' }));

    const done = await screen.findByRole('alertdialog', { name: 'Removed!' });
    expect(done).toHaveAccessibleDescription('Your class has been removed.');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete Tennis Camp' })).toBeInTheDocument();
    expect(screen.queryByText('Soccer Training')).not.toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/classes/selected/s1']);
  });

  it('keeps the selection when the student cancels', async () => {
    http = mockApi({ [listUrl]: pagedRoute([soccer]) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete Soccer Training' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Soccer Training')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows an empty state that links to the classes', async () => {
    http = mockApi({ [listUrl]: pagedRoute([]) });
    open();
    expect(await screen.findByText('You have not selected any classes yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse classes' })).toHaveAttribute('href', '/classes');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then the error with a Retry that loads again', async () => {
    let fail = true;
    http = mockApi({
      [listUrl]: (config) =>
        fail ? [500, { statusCode: 500, message: 'Internal server error' }] : pagedRoute([soccer])(config, undefined),
    });
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('status', { name: 'Loading your selected classes' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Soccer Training')).toBeInTheDocument();
  });

  it('makes no call for an admin, who has no selections', async () => {
    http = mockApi({});
    renderScreen(<SelectedClassesPage />, { path, session: sessionAs('admin') });
    expect(screen.getByText(/This page is for students/)).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  describe('pages', () => {
    const many: SelectedClass[] = Array.from({ length: 30 }, (_, i) => ({
      ...soccer,
      _id: `s${i + 1}`,
      classId: `c${i + 1}`,
      className: `Class ${i + 1}`,
    }));

    it('asks for a page at a time; count and pages only when the list spans pages, # counting on', async () => {
      http = mockApi({ [listUrl]: pagedRoute(many) });
      const user = userEvent.setup();
      const { router } = open();
      const table = await screen.findByRole('table', { name: 'My Selected Classes' });
      expect(within(table).getAllByRole('row')).toHaveLength(25);
      const count = screen.getByText('24 of 30 selected classes');
      expect(count).toHaveAttribute('role', 'status');
      const pages = screen.getByRole('navigation', { name: 'Selected classes pages' });
      await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByText('6 of 30 selected classes')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?page=2');
      const [, first] = within(screen.getByRole('table', { name: 'My Selected Classes' })).getAllByRole('row');
      expect(within(first).getAllByRole('cell')[0]).toHaveTextContent('25');
      expect(within(first).getByRole('link', { name: 'Pay for Class 25' })).toHaveAttribute(
        'href',
        '/dashboard/payment/s25',
      );
      expect(http.calls.map((c) => c.method)).toEqual(['GET', 'GET']);
      await act(() => router.navigate(-1));
      expect(await screen.findByText('24 of 30 selected classes')).toBeInTheDocument();
    });

    it('shows neither count nor pages when everything fits on one page', async () => {
      http = mockApi({ [listUrl]: pagedRoute([soccer, tennis]) });
      open();
      await screen.findByRole('table', { name: 'My Selected Classes' });
      expect(screen.queryByText(/of 2 selected classes/)).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Selected classes pages' })).not.toBeInTheDocument();
    });

    it('removing the only row of the last page goes back to the page before', async () => {
      let selections = many.slice(0, 25);
      http = mockApi({
        [listUrl]: pagedRoute(() => selections),
        'DELETE /classes/selected/s25': () => {
          selections = selections.slice(0, 24);
          return [200, { deletedCount: 1 }];
        },
      });
      const user = userEvent.setup();
      const { router } = renderScreen(<SelectedClassesPage />, {
        path,
        url: `${path}?page=2`,
        session: sessionAs('student', email),
      });
      await user.click(await screen.findByRole('button', { name: 'Delete Class 25' }));
      await user.click(screen.getByRole('button', { name: 'Yes, remove it!' }));
      await user.click(await screen.findByRole('button', { name: 'OK' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(await screen.findByRole('button', { name: 'Delete Class 24' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Selected classes pages' })).not.toBeInTheDocument();
    });
  });
});

describe('My Selected Classes: a seat held from the waitlist', () => {
  const held: SelectedClass = { ...tennis, heldUntil: '2026-07-01T14:30:00.000Z' };

  it('marks the held row with the end of the hold, and keeps its Pay link', async () => {
    http = mockApi({ [listUrl]: pagedRoute([soccer, held]) });
    open();
    const table = await screen.findByRole('table', { name: 'My Selected Classes' });
    const [, first, second] = within(table).getAllByRole('row');
    const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(within(second).getAllByRole('cell')[1]).toHaveTextContent(
      `Tennis CampHeld for you until ${long.format(new Date(held.heldUntil!))}`,
    );
    expect(within(second).getByRole('link', { name: 'Pay for Tennis Camp' })).toHaveAttribute(
      'href',
      '/dashboard/payment/s2',
    );
    expect(first).not.toHaveTextContent('Held for you');
  });

  it("names the camper of a camper's selection, and declines a camper's held seat for that camper", async () => {
    const forAva = { ...held, _id: 's3', camperId: 'k1', camperName: 'Ava Chen' } as SelectedClass;
    let rows = [soccer, forAva];
    http = mockApi({
      [listUrl]: pagedRoute(() => rows),
      'DELETE /waitlist/c2': (config) => {
        expect(config.params).toEqual({ camperId: 'k1' });
        rows = [soccer];
        return [200, { deletedCount: 1 }];
      },
    });
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('table', { name: 'My Selected Classes' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).not.toHaveTextContent('For ');
    expect(within(second).getAllByRole('cell')[1]).toHaveTextContent(/^Tennis CampFor Ava ChenHeld for you until/);
    expect(within(second).getByRole('link', { name: 'Pay for Tennis Camp (Ava Chen)' })).toHaveAttribute(
      'href',
      '/dashboard/payment/s3',
    );
    await user.click(within(second).getByRole('button', { name: 'Delete Tennis Camp (Ava Chen)' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Removed!' })).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/waitlist/c2']);
  });

  it('declines a held seat (leaving the waitlist) instead of deleting the selection', async () => {
    let rows = [soccer, held];
    http = mockApi({
      [listUrl]: pagedRoute(() => rows),
      'DELETE /waitlist/c2': () => {
        rows = [soccer];
        return [200, { deletedCount: 1 }];
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete Tennis Camp' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Removed!' })).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/waitlist/c2']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Tennis Camp' })).not.toBeInTheDocument());
  });
});
