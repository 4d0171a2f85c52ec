import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, theme } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { AddClassPage } from './AddClassPage';

const instructor = sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee');
// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

function renderPage() {
  renderScreen(
    <>
      <AddClassPage />
      <AppToastContainer />
    </>,
    { path: '/dashboard/add-class', session: instructor },
  );
  return userEvent.setup();
}

async function fillValidClass(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Class name'), 'Beach Volleyball Basics');
  await user.type(screen.getByLabelText('Class image URL'), 'http://localhost:3000/images/classes/volleyball.svg');
  await user.type(screen.getByLabelText('Available seats'), '12');
  await user.type(screen.getByLabelText('Enrollment price ($)'), '89.5');
}

describe('Add A Class', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('shows the signed-in instructor read-only', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Add A Class' })).toBeInTheDocument();
    expect(screen.getByLabelText('Instructor name')).toHaveValue('Jordan Lee');
    expect(screen.getByLabelText('Instructor name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Instructor email')).toHaveValue('jordan@sportify.camp');
    expect(screen.getByLabelText('Instructor email')).toHaveAttribute('readonly');
  });

  it('shows every required message (with the corrected price text) and sends nothing', async () => {
    http = mockApi({});
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(screen.getByLabelText('Class name')).toHaveAccessibleDescription('Class name is required');
    expect(screen.getByLabelText('Class image URL')).toHaveAccessibleDescription('Photo URL is required');
    expect(screen.getByLabelText('Available seats')).toHaveAccessibleDescription('Seat number is required');
    expect(screen.getByLabelText('Enrollment price ($)')).toHaveAccessibleDescription('Price is required');
    expect(http.calls).toHaveLength(0);
  });

  it('revalidates on change and keeps values inside the API bounds', async () => {
    http = mockApi({});
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    await user.type(screen.getByLabelText('Class name'), 'Judo');
    expect(screen.queryByText('Class name is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Class image URL'), 'ftp://example.com/judo.png');
    await user.type(screen.getByLabelText('Available seats'), '1001');
    await user.type(screen.getByLabelText('Enrollment price ($)'), '12.345');
    expect(screen.getByLabelText('Class image URL')).toHaveAccessibleDescription('Invalid URL');
    expect(screen.getByLabelText('Available seats')).toHaveAccessibleDescription(
      'Seats must be a whole number from 0 to 1000',
    );
    expect(screen.getByLabelText('Enrollment price ($)')).toHaveAccessibleDescription(
      'Price must be from 0 to 10000 with at most 2 decimals',
    );
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(http.calls).toHaveLength(0);
  });

  it('sends seats and price as numbers, resets the form and shows the notice', async () => {
    http = mockApi({ 'POST /classes': [201, { insertedId: 'c9' }] });
    const user = renderPage();
    await fillValidClass(user);
    await user.click(screen.getByRole('button', { name: 'Add Class' }));

    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    expect(http.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/classes',
        body: {
          className: 'Beach Volleyball Basics',
          classImage: 'http://localhost:3000/images/classes/volleyball.svg',
          seats: 12,
          price: 89.5,
          instructorName: 'Jordan Lee',
          instructorEmail: 'jordan@sportify.camp',
        },
      }),
    ]);
    expect(screen.getByLabelText('Class name')).toHaveValue('');
    expect(screen.getByLabelText('Available seats')).toHaveValue(null);
    expect(screen.getByLabelText('Instructor email')).toHaveValue('jordan@sportify.camp');
  });

  it('takes a picture file instead of the URL: uploads it, then adds the class with its id', async () => {
    const id = 'a1'.repeat(16);
    http = mockApi({
      'POST /pictures': [201, { id, width: 800, height: 500, url: `http://localhost:3000/pictures/${id}/960.jpg` }],
      'POST /classes': [201, { insertedId: 'c9' }],
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Class name'), 'Beach Volleyball Basics');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'court.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), png);
    await user.type(screen.getByLabelText('Available seats'), '12');
    await user.type(screen.getByLabelText('Enrollment price ($)'), '80');
    await user.click(screen.getByRole('button', { name: 'Add Class' }));

    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /pictures', 'POST /classes']);
    // A multipart body with the file (jsdom's File meets Node's FormData here: the journeys send real bytes).
    expect(http.calls[0].body).toBeInstanceOf(FormData);
    expect((http.calls[0].body as FormData).has('file')).toBe(true);
    expect(http.calls[1].body).toEqual({
      className: 'Beach Volleyball Basics',
      pictureId: id,
      seats: 12,
      price: 80,
      instructorName: 'Jordan Lee',
      instructorEmail: 'jordan@sportify.camp',
    });
    // The form is empty again, file included.
    expect((screen.getByLabelText('Upload a picture') as HTMLInputElement).value).toBe('');
  });

  it('takes an optional start date (camp time) and weekly sessions, and checks them like the API', async () => {
    http = mockApi({ 'POST /classes': [201, { insertedId: 'c9' }] });
    const user = renderPage();
    await fillValidClass(user);
    const start = screen.getByLabelText('Start date');
    expect(start).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByText(/the date and time are the camp's \(America\/New_York\)/)).toBeInTheDocument();
    const sessions = screen.getByLabelText('Sessions');

    await user.type(sessions, '53');
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(sessions).toHaveAccessibleDescription('Sessions must be a whole number from 1 to 52');
    await user.clear(sessions);
    await user.type(sessions, '4');
    expect(start).toHaveAccessibleDescription('Start date is required for sessions');
    expect(http.calls).toHaveLength(0);

    fireEvent.change(start, { target: { value: '2027-07-06T09:00' } });
    expect(start).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    // Sent as the camp's local time (the API reads it in CAMP_TIME_ZONE) and a number of sessions.
    expect(http.calls[0].body).toMatchObject({ startDate: '2027-07-06T09:00', sessions: 4 });
    expect(start).toHaveValue('');
  });

  it('takes an optional payment plan: both fields, below the price, and only for a dated class (the form says why)', async () => {
    http = mockApi({ 'POST /classes': [201, { insertedId: 'c9' }] });
    const user = renderPage();
    await fillValidClass(user);
    const deposit = screen.getByLabelText('Deposit ($)');
    const installments = screen.getByLabelText('Installments');
    const start = screen.getByLabelText('Start date');

    await user.type(deposit, '100');
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(deposit).toHaveAccessibleDescription('Deposit must be less than the price');
    expect(installments).toHaveAccessibleDescription(
      'A payment plan needs both a deposit and the number of installments',
    );
    expect(start).toHaveAccessibleDescription(
      'A class without a start date cannot have a payment plan: set its start date first',
    );
    await user.clear(deposit);
    await user.type(deposit, '20');
    await user.type(installments, '7');
    expect(installments).toHaveAccessibleDescription('Installments must be a whole number from 1 to 6');
    await user.clear(installments);
    await user.type(installments, '3');
    fireEvent.change(start, { target: { value: '2027-07-06T09:00' } });
    expect(http.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    expect(http.calls[0].body).toMatchObject({ price: 89.5, deposit: 20, installments: 3 });
  });

  it('takes an optional age range, checks it and sends it as numbers', async () => {
    http = mockApi({ 'POST /classes': [201, { insertedId: 'c9' }] });
    const user = renderPage();
    await fillValidClass(user);
    const min = screen.getByLabelText('Minimum age');
    const max = screen.getByLabelText('Maximum age');
    await user.type(min, '12');
    await user.type(max, '8');
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(min).toHaveAccessibleDescription('Minimum age must not be more than the maximum age');
    await user.clear(max);
    await user.type(max, '100');
    expect(max).toHaveAccessibleDescription('Maximum age must be between 0 and 99');
    expect(http.calls).toHaveLength(0);
    await user.clear(min);
    await user.type(min, '8');
    await user.clear(max);
    await user.type(max, '12');
    expect(max).not.toHaveAccessibleDescription();
    expect(min).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    expect(http.calls[0].body).toMatchObject({ minAge: 8, maxAge: 12 });
  });

  it('sends no date fields for an undated class', async () => {
    http = mockApi({ 'POST /classes': [201, { insertedId: 'c9' }] });
    const user = renderPage();
    await fillValidClass(user);
    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Item added successfully')).toBeInTheDocument();
    expect(http.calls[0].body).not.toHaveProperty('startDate');
    expect(http.calls[0].body).not.toHaveProperty('sessions');
    expect(http.calls[0].body).not.toHaveProperty('minAge');
    expect(http.calls[0].body).not.toHaveProperty('maxAge');
  });

  it('shows the API error in red under the form and keeps what was typed', async () => {
    http = mockApi({
      'POST /classes': [400, { statusCode: 400, message: 'classImage must be an http(s) URL', error: 'Bad Request' }],
    });
    const user = renderPage();
    await fillValidClass(user);
    await user.click(screen.getByRole('button', { name: 'Add Class' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('classImage must be an http(s) URL');
    expect(alert).toHaveStyle({ color: theme.colors.danger });
    expect(screen.getByLabelText('Class name')).toHaveValue('Beach Volleyball Basics');
    expect(within(document.body).queryByText('Item added successfully')).not.toBeInTheDocument();
  });
});
