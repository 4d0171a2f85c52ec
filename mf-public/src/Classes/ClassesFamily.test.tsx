import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, type PublicClass } from '@sportify/shared-ui';
import { mockApi, pagedRoute, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ClassesPage } from './ClassesPage';

// Choosing who a class is for, when the account has campers: by role and label, HTTP mocked at the boundary.
jest.setTimeout(20_000);

const cls = (id: string, className: string, seats: number, range: { minAge?: number; maxAge?: number } = {}) =>
  ({
    _id: id,
    className,
    classImage: `/images/classes/${id}.svg`,
    instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp',
    seats,
    price: 100,
    enrolled: 3,
    // Ages are counted on this day.
    startDate: '2027-07-06T13:00:00.000Z',
    ...range,
  }) as PublicClass;
const juniors = cls('c1', 'Junior Soccer', 12, { minAge: 8, maxAge: 12 });
const tennis = cls('c2', 'Tennis Camp', 0);
const ALL = [juniors, tennis];

const email = 'mia@sportify.camp';
const selectedUrl = `GET /classes/selected/${encodeURIComponent(email)}`;
const enrolledUrl = `GET /payments/enrolled/${encodeURIComponent(email)}`;
const placesUrl = `GET /waitlist/places/${encodeURIComponent(email)}`;
// On 6 July 2027 Ava is 9 and Leo 14.
const campers = [
  { _id: 'k1', name: 'Ava', dateOfBirth: '2018-05-20' },
  { _id: 'k2', name: 'Leo', dateOfBirth: '2013-03-02' },
];

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

interface Row {
  _id: string;
  classId: string;
  camperId?: string;
  camperName?: string;
}

function serve({ selections = [] as Row[], places = [] as unknown[], extra = {} } = {}) {
  http = mockApi({
    'GET /classes': [200, { items: ALL, total: ALL.length, page: 1, limit: 24 }],
    'GET /instructors': [200, { items: [], total: 0, page: 1, limit: 60 }],
    'GET /campers': [200, campers],
    [selectedUrl]: pagedRoute(() => selections),
    [enrolledUrl]: pagedRoute([]),
    [placesUrl]: () => [200, places],
    ...extra,
  });
}

function open() {
  render(<AppToastContainer />);
  renderScreen(<ClassesPage />, { path: '/classes', session: sessionAs('student', email, 'Mia Chen') });
  return userEvent.setup();
}

const card = (name: string) => screen.getByRole('article', { name });
async function selectOf(name: string) {
  await screen.findByRole('article', { name });
  // Queried again until enabled: a student's cards replace the ones shown while they load.
  const button = () => within(card(name)).getByRole('button', { name: /^(Select|Selected)$/ });
  await waitFor(() => expect(button()).toBeEnabled());
  return button();
}

describe('Classes: who is this class for?', () => {
  it('asks which camper, disables one outside the age range with the reason, and selects for the one chosen', async () => {
    let selections: Row[] = [];
    serve({
      extra: {
        'POST /classes/selected': (_c: unknown, body: unknown) => {
          selections = [{ _id: 's1', classId: 'c1', camperId: (body as Row).camperId, camperName: 'Ava' }];
          return [201, { insertedId: 's1' }];
        },
        [selectedUrl]: pagedRoute(() => selections),
      },
    });
    const user = open();
    await user.click(await selectOf('Junior Soccer'));

    const dialog = await screen.findByRole('dialog', { name: 'Who is this class for?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Junior Soccer');
    const ava = within(dialog).getByRole('radio', { name: 'Ava (age 9)' });
    const leo = within(dialog).getByRole('radio', { name: 'Leo (age 14)' });
    const myself = within(dialog).getByRole('radio', { name: 'Myself' });
    expect(ava).toBeEnabled();
    expect(ava).toHaveFocus();
    expect(leo).toBeDisabled();
    expect(leo).toHaveAccessibleDescription("Not in this class's age range (8–12)");
    expect(myself).toBeEnabled();

    await user.click(ava);
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Your class is successfully selected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ classId: 'c1', camperId: 'k1' });

    // Myself can still take a seat, so the card stays selectable; the dialog now says Ava has it.
    await user.click(await selectOf('Junior Soccer'));
    const again = await screen.findByRole('dialog', { name: 'Who is this class for?' });
    await waitFor(() =>
      expect(within(again).getByRole('radio', { name: 'Ava (age 9)' })).toHaveAccessibleDescription('Already selected'),
    );
    expect(within(again).getByRole('radio', { name: 'Myself' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('selects for Myself without a camperId', async () => {
    serve({ extra: { 'POST /classes/selected': [201, { insertedId: 's2' }] } });
    const user = open();
    await user.click(await selectOf('Junior Soccer'));
    const dialog = await screen.findByRole('dialog', { name: 'Who is this class for?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Myself' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Your class is successfully selected')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('camperId');
  });

  it("shows the API's refusal in the dialog, which stays open", async () => {
    serve({
      extra: {
        'POST /classes/selected': [
          400,
          { statusCode: 400, message: "Ava is not in this class's age range (8–12)", error: 'Bad Request' },
        ],
      },
    });
    const user = open();
    await user.click(await selectOf('Junior Soccer'));
    const dialog = await screen.findByRole('dialog', { name: 'Who is this class for?' });
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Ava is not in this class's age range (8–12)");
    expect(screen.queryByText('Your class is successfully selected')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("joins a full class's waitlist for a camper, shows their place, and leaves it for them", async () => {
    let places: unknown[] = [];
    serve({
      extra: {
        [placesUrl]: () => [200, places],
        'POST /waitlist/c2': (_c: unknown, body: unknown) => {
          places = [{ classId: 'c2', position: 2, state: 'waiting', camperId: 'k2', camperName: 'Leo' }];
          expect(body).toEqual({ camperId: 'k2' });
          return [201, places[0]];
        },
        'DELETE /waitlist/c2': (config: { params?: unknown }) => {
          expect(config.params).toEqual({ camperId: 'k2' });
          places = [];
          return [200, { deletedCount: 1 }];
        },
      },
    });
    const user = open();
    const full = await screen.findByRole('article', { name: 'Tennis Camp' });
    await user.click(await within(full).findByRole('button', { name: 'Join waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who is this class for?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Leo (age 14)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You joined the waitlist')).toBeInTheDocument();
    expect(await within(full).findByText('Leo is #2 on the waitlist')).toBeInTheDocument();

    await user.click(within(full).getByRole('button', { name: 'Leave waitlist for Leo' }));
    expect(await screen.findByText('You left the waitlist')).toBeInTheDocument();
    await waitFor(() => expect(within(full).queryByText(/on the waitlist/)).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /waitlist/c2',
      'DELETE /waitlist/c2',
    ]);
  });

  it('turns the card Selected once every camper and Myself have the class', async () => {
    serve({
      selections: [
        { _id: 's1', classId: 'c1', camperId: 'k1' },
        { _id: 's2', classId: 'c1', camperId: 'k2' },
        { _id: 's3', classId: 'c1' },
      ],
    });
    open();
    await screen.findByRole('article', { name: 'Junior Soccer' });
    await waitFor(() => expect(within(card('Junior Soccer')).getByRole('button', { name: 'Selected' })).toBeDisabled());
  });
});
