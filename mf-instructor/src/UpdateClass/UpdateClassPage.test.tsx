import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, type CampClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { UpdateClassPage } from './UpdateClassPage';

const LIST = 'GET /classes/user/jordan%40sportify.camp';
const instructor = sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee');
const soccer: CampClass = {
  _id: 'c1',
  className: 'Soccer Training',
  classImage: 'http://img.test/soccer.svg',
  picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  instructorName: 'Jordan Lee',
  instructorEmail: 'jordan@sportify.camp',
  capacity: 17,
  held: 0,
  seats: 10,
  price: 120,
  status: 'approved',
  enrolled: 7,
  feedback: '',
  date: '2026-06-01T09:00:00.000Z',
};

function renderPage(id = 'c1') {
  renderScreen(
    <>
      <UpdateClassPage />
      <AppToastContainer />
    </>,
    {
      path: '/dashboard/update-class/:id',
      url: `/dashboard/update-class/${id}`,
      session: instructor,
    },
  );
  return userEvent.setup();
}

describe('Update class', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it("prefills the form from the instructor's class", async () => {
    http = mockApi({ [LIST]: [200, [soccer]] });
    renderPage();
    expect(await screen.findByLabelText('Class name')).toHaveValue('Soccer Training');
    expect(screen.getByLabelText('Class image URL')).toHaveValue('http://img.test/soccer.svg');
    // The seats field edits the seats in all; what is enrolled and left is said beside it.
    expect(screen.getByLabelText('Total seats')).toHaveValue(17);
    expect(screen.getByText('7 students enrolled, 10 available seats.')).toBeInTheDocument();
    expect(screen.getByLabelText('Enrollment price ($)')).toHaveValue(120);
    expect(screen.getByLabelText('Instructor email')).toHaveValue('jordan@sportify.camp');
    expect(screen.getByText('approved')).toBeInTheDocument();
  });

  it("shows the start date in the camp's time and sends only a changed date or sessions; emptied, null removes it", async () => {
    const dated = { ...soccer, startDate: '2027-11-09T23:00:00.000Z', sessions: 4 };
    http = mockApi({
      [LIST]: [200, [dated]],
      'PATCH /classes/c1': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    // 23:00 UTC on 9 November is 6 pm in New York (EST).
    const start = await screen.findByLabelText('Start date');
    expect(start).toHaveValue('2027-11-09T18:00');
    expect(screen.getByLabelText('Sessions')).toHaveValue(4);

    fireEvent.change(start, { target: { value: '2027-11-16T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your work has been saved')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ startDate: '2027-11-16T18:00' });

    fireEvent.change(start, { target: { value: '' } });
    await user.clear(screen.getByLabelText('Sessions'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(http.calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ startDate: null, sessions: null });
  });

  it('prefills the age range and sends only a changed bound; an emptied one is removed with null', async () => {
    http = mockApi({
      [LIST]: [200, [{ ...soccer, minAge: 8, maxAge: 12 }]],
      'PATCH /classes/c1': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    const max = await screen.findByLabelText('Maximum age');
    expect(screen.getByLabelText('Minimum age')).toHaveValue(8);
    expect(max).toHaveValue(12);
    await user.clear(max);
    await user.type(max, '13');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your work has been saved')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ maxAge: 13 });
    await user.clear(screen.getByLabelText('Minimum age'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Your changes are saved. The class is pending review again.');
    expect(http.calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ minAge: null, maxAge: 13 });
  });

  it('applies the Add rules to the same fields', async () => {
    http = mockApi({ [LIST]: [200, [soccer]] });
    const user = renderPage();
    await user.clear(await screen.findByLabelText('Class name'));
    await user.clear(screen.getByLabelText('Enrollment price ($)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Class name')).toHaveAccessibleDescription('Class name is required');
    expect(screen.getByLabelText('Enrollment price ($)')).toHaveAccessibleDescription('Price is required');
    expect(http.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('saves only the changed capacity with PATCH /classes/:id and says the class went back to review', async () => {
    let stored = soccer;
    http = mockApi({
      [LIST]: () => [200, [stored]],
      'PATCH /classes/c1': () => {
        stored = { ...stored, status: 'pending', capacity: 21, seats: 14 };
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    const user = renderPage();
    const seats = await screen.findByLabelText('Total seats');
    await user.clear(seats);
    await user.type(seats, '21');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Your changes are saved. The class is pending review again.')).toBeInTheDocument();
    expect(await screen.findByText('Your work has been saved')).toBeInTheDocument();
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ capacity: 21 });
    // The class is read again, now pending; the form keeps the saved values.
    expect(await screen.findByText('pending')).toBeInTheDocument();
    expect(screen.getByText('7 students enrolled, 14 available seats.')).toBeInTheDocument();
    expect(screen.getByLabelText('Total seats')).toHaveValue(21);
  });

  it('sends a rename alone, so seats taken since the form was loaded are kept', async () => {
    http = mockApi({
      [LIST]: [200, [soccer]],
      'PATCH /classes/c1': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText('Class name'), ' Pro');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your work has been saved')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { className: 'Soccer Training Pro' },
    ]);
  });

  it("shows the API's refusal of total seats below the enrolled students", async () => {
    const message = 'Total seats cannot be fewer than the 7 student(s) already enrolled';
    http = mockApi({
      [LIST]: [200, [soccer]],
      'PATCH /classes/c1': [400, { statusCode: 400, message, error: 'Bad Request' }],
    });
    const user = renderPage();
    const seats = await screen.findByLabelText('Total seats');
    await user.clear(seats);
    await user.type(seats, '5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ capacity: 5 });
  });

  it('does not send an unchanged class back to review', async () => {
    http = mockApi({ [LIST]: [200, [soccer]] });
    const user = renderPage();
    await screen.findByLabelText('Class name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Nothing changed, so there was nothing to save.')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the API refusal in red', async () => {
    // (401/403 would log the user out, docs/product.md §4; a class removed meanwhile answers 404.)
    http = mockApi({
      [LIST]: [200, [soccer]],
      'PATCH /classes/c1': [404, { statusCode: 404, message: 'Class not found', error: 'Not Found' }],
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText('Class name'), ' Pro');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Class not found');
  });

  it("says so when the class is not one of the instructor's", async () => {
    http = mockApi({ [LIST]: [200, [soccer]] });
    renderPage('someone-elses');
    expect(
      await screen.findByText('This class is not one of your classes, or it no longer exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Classes' })).toHaveAttribute('href', '/dashboard/my-classes');
    expect(screen.queryByRole('textbox', { name: 'Class name' })).not.toBeInTheDocument();
  });

  it('offers Retry when the class cannot be loaded', async () => {
    let fail = true;
    http = mockApi({ [LIST]: () => (fail ? [500, {}] : [200, [soccer]]) });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The class could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Class name')).toHaveValue('Soccer Training');
  });
});
