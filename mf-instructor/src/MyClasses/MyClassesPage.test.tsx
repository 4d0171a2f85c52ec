import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { MyClassesPage } from './MyClassesPage';

const LIST = 'GET /classes/user/jordan%40sportify.camp';
const instructor = sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee');

const mine: CampClass[] = [
  { _id: 'c1', className: 'Soccer Training', classImage: 'http://img.test/soccer.svg', instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp', seats: 10, price: 120, status: 'approved', enrolled: 7, feedback: '', date: '2026-06-01T09:00:00.000Z' },
  { _id: 'c2', className: 'Open Water Rowing', classImage: 'http://img.test/rowing.svg', instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp', seats: 8, price: 95, status: 'denied', enrolled: 0, date: '2026-06-01T09:00:00.000Z',
    feedback: 'Please add a safety plan.' },
];

const renderPage = () =>
  renderScreen(<MyClassesPage />, { path: '/dashboard/my-classes', session: instructor });

describe('My Classes', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it("lists the instructor's own classes with status, students, update link and feedback", async () => {
    http = mockApi({ [LIST]: [200, mine] });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your classes' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'My Classes' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      ['#', 'Class Photo', 'Class Name', 'Status', 'Enrolled', 'Update', 'Feedback'],
    );
    const soccer = within(table).getByRole('row', { name: /Soccer Training/ });
    expect(within(soccer).getAllByRole('cell').map((td) => td.textContent)).toEqual(
      ['1', '', 'Soccer Training', 'approved', '7 Students', 'Update', 'No feedback yet'],
    );
    expect(within(soccer).getByRole('img', { name: 'Soccer Training' })).toHaveAttribute('src', 'http://img.test/soccer.svg');
    expect(within(soccer).getByRole('link', { name: 'Update Soccer Training' })).toHaveAttribute('href', '/dashboard/update-class/c1');

    const rowing = within(table).getByRole('row', { name: /Open Water Rowing/ });
    expect(rowing).toHaveTextContent('denied');
    expect(rowing).toHaveTextContent('0 Students');
    expect(rowing).toHaveTextContent('Please add a safety plan.');
    // The e-mail in the path is the signed-in instructor's (the API refuses anyone else's).
    expect(http.calls[0].url).toBe('/classes/user/jordan%40sportify.camp');
  });

  it('invites the instructor to add a class when there is none', async () => {
    http = mockApi({ [LIST]: [200, []] });
    renderPage();
    expect(await screen.findByText('You have not added any classes yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add A Class' })).toHaveAttribute('href', '/dashboard/add-class');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the list fails and loads it again on Retry', async () => {
    let fail = true;
    http = mockApi({ [LIST]: () => (fail ? [500, { message: 'down' }] : [200, mine]) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your classes could not be loaded.');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Soccer Training/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
