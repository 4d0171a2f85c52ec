import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import type { Camper, CamperInput, PickupInput } from './familyApi';
import { FamilyPage } from './FamilyPage';

const leo: Camper = {
  _id: 'k1',
  name: 'Leo Chen',
  dateOfBirth: '2013-03-02',
  age: 13,
  notes: '',
  emergencyContact: 'Mia Chen',
  emergencyPhone: '+1 555 0100',
  pickups: [],
  createdAt: '2026-06-01T09:00:00.000Z',
};
const ava: Camper = {
  _id: 'k2',
  name: 'Ava Chen',
  dateOfBirth: '2018-05-20',
  age: 8,
  notes: 'Peanut allergy',
  emergencyContact: 'Mia Chen',
  emergencyPhone: '+1 555 0100',
  pickups: [],
  createdAt: '2026-06-01T09:00:00.000Z',
};

// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

function open(session = sessionAs('student', 'mia@sportify.camp', 'Mia Chen')) {
  renderScreen(
    <>
      <FamilyPage />
      <AppToastContainer />
    </>,
    { path: '/dashboard/family', session },
  );
  return userEvent.setup();
}

/** A family the fake API keeps, answering the camper routes like the API. */
function serve(start: Camper[]) {
  let campers = [...start];
  http = mockApi({
    'GET /campers': () => [200, campers],
    'POST /campers': (_config, body) => {
      const created = {
        _id: 'k9',
        age: 8,
        pickups: [],
        createdAt: '2026-06-02T09:00:00.000Z',
        ...(body as CamperInput),
      };
      campers = [...campers, created];
      return [201, created];
    },
    'PATCH /campers/k2': (_config, body) => {
      campers = campers.map((c) => (c._id === 'k2' ? { ...c, ...(body as Partial<Camper>) } : c));
      return [200, campers.find((c) => c._id === 'k2')];
    },
    'DELETE /campers/k2': () => {
      campers = campers.filter((c) => c._id !== 'k2');
      return [200, { deletedCount: 1 }];
    },
    'DELETE /campers/k1': [
      409,
      { statusCode: 409, message: 'Leo Chen is enrolled in Soccer Training; cancel that enrolment first' },
    ],
  });
}

describe('My Family', () => {
  it('lists each camper with name, age and notes, and Edit and Remove', async () => {
    serve([leo, ava]);
    open();
    expect(screen.getByRole('heading', { name: 'My Family', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Campers' });
    const [first, second] = within(list).getAllByRole('article');
    expect(first).toHaveAccessibleName('Leo Chen');
    expect(first).toHaveTextContent('Age 13');
    expect(first).toHaveTextContent('No allergies or medical notes');
    expect(second).toHaveTextContent('Age 8');
    expect(second).toHaveTextContent('Notes: Peanut allergy');
    expect(second).toHaveTextContent('Emergency contact: Mia Chen, +1 555 0100');
    expect(within(second).getByRole('button', { name: 'Edit Ava Chen' })).toHaveTextContent('Edit');
    expect(within(second).getByRole('button', { name: 'Remove Ava Chen' })).toHaveTextContent('Remove');
  });

  it('adds a camper: every required field is checked inline first, then "Camper added"', async () => {
    serve([]);
    const user = open();
    expect(await screen.findByText(/No campers yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a camper' }));
    const form = screen.getByRole('form', { name: 'Add a camper' });
    expect(within(form).getByLabelText("Camper's name")).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save camper' }));
    expect(screen.getByLabelText("Camper's name")).toHaveAccessibleDescription("Camper's name is required");
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Date of birth is required');
    expect(screen.getByLabelText('Allergies and medical notes')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Emergency contact')).toHaveAccessibleDescription('Emergency contact is required');
    expect(screen.getByLabelText('Emergency phone')).toHaveAccessibleDescription('Emergency phone is required');

    await user.type(screen.getByLabelText("Camper's name"), 'Ava Chen');
    await user.type(screen.getByLabelText('Date of birth'), '2099-01-01');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Date of birth must be in the past');
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), '2018-05-20');
    await user.type(screen.getByLabelText('Allergies and medical notes'), 'Peanut allergy');
    await user.type(screen.getByLabelText('Emergency contact'), 'Mia Chen');
    await user.type(screen.getByLabelText('Emergency phone'), 'call me');
    expect(screen.getByLabelText('Emergency phone')).toHaveAccessibleDescription(
      'Emergency phone must be 7-20 digits, spaces, +, (, ) or -',
    );
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(screen.getByLabelText('Emergency phone'));
    await user.type(screen.getByLabelText('Emergency phone'), '+1 555 0100');
    await user.click(screen.getByRole('button', { name: 'Save camper' }));

    expect(await screen.findByText('Camper added')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ava Chen',
      dateOfBirth: '2018-05-20',
      notes: 'Peanut allergy',
      emergencyContact: 'Mia Chen',
      emergencyPhone: '+1 555 0100',
    });
    expect(screen.queryByRole('form', { name: 'Add a camper' })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Ava Chen' })).toHaveTextContent('Age 8');
  });

  it('edits a camper, sending only what changed: "Camper updated"', async () => {
    serve([leo, ava]);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Ava Chen' }));
    const form = screen.getByRole('form', { name: 'Edit Ava Chen' });
    expect(within(form).getByLabelText("Camper's name")).toHaveValue('Ava Chen');
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('2018-05-20');
    const notes = within(form).getByLabelText('Allergies and medical notes');
    await user.clear(notes);
    await user.type(notes, 'Peanut and egg allergy');
    await user.click(within(form).getByRole('button', { name: 'Save camper' }));
    expect(await screen.findByText('Camper updated')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/campers/k2',
      body: { notes: 'Peanut and egg allergy' },
    });
    expect(await screen.findByText('Notes: Peanut and egg allergy')).toBeInTheDocument();
  });

  it('shows the API message in red under the form when it refuses a camper', async () => {
    serve([]);
    http.restore();
    http = mockApi({
      'GET /campers': [200, []],
      'POST /campers': [400, { statusCode: 400, message: 'date of birth must not be more than 25 years ago' }],
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Add a camper' }));
    await user.type(screen.getByLabelText("Camper's name"), 'Ava Chen');
    await user.type(screen.getByLabelText('Date of birth'), '2018-05-20');
    await user.type(screen.getByLabelText('Emergency contact'), 'Mia Chen');
    await user.type(screen.getByLabelText('Emergency phone'), '5550100');
    await user.click(screen.getByRole('button', { name: 'Save camper' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('date of birth must not be more than 25 years ago');
    expect(screen.getByLabelText("Camper's name")).toHaveValue('Ava Chen');
  });

  it('removes a camper after asking', async () => {
    serve([leo, ava]);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Ava Chen' }));
    const ask = screen.getByRole('alertdialog', { name: 'Remove Ava Chen?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Ava Chen is removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ava Chen' })).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/campers/k2']);
  });

  it("shows the API's refusal when the camper holds a seat, and keeps the camper", async () => {
    serve([leo, ava]);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Leo Chen' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leo Chen is enrolled in Soccer Training; cancel that enrolment first',
    );
    expect(screen.getByRole('article', { name: 'Leo Chen' })).toBeInTheDocument();
  });

  it("downloads the family's data as family-data.json", async () => {
    serve([leo]);
    http.restore();
    const data = { account: { email: 'mia@sportify.camp' }, campers: [leo] };
    http = mockApi({ 'GET /campers': [200, [leo]], 'GET /campers/export': [200, data] });
    // jsdom has no object URLs: record the file handed to the browser instead.
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:family';
    };
    URL.revokeObjectURL = () => undefined;
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    const user = open();
    await screen.findByRole('article', { name: 'Leo Chen' });
    await user.click(screen.getByRole('button', { name: "Download my family's data" }));
    await waitFor(() => expect(downloaded).toBe('family-data.json'));
    click.mockRestore();
    expect(files[0].type).toBe('application/json');
    expect(JSON.parse(await files[0].text())).toEqual(data);
  });

  it('makes no call for an instructor, who has no family here', () => {
    http = mockApi({});
    open(sessionAs('instructor'));
    expect(screen.getByText(/This page is for students/)).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  describe('authorised pick-ups', () => {
    it('adds a person with name, relationship and phone, checked as the API checks them, and removes one', async () => {
      let camper: Camper = { ...ava };
      http = mockApi({
        'GET /campers': () => [200, [camper]],
        'POST /campers/k2/pickups': (_config, body) => {
          camper = { ...camper, pickups: [...camper.pickups, { _id: 'pk1', ...(body as PickupInput) }] };
          return [201, camper];
        },
        'DELETE /campers/k2/pickups/pk1': () => {
          camper = { ...camper, pickups: [] };
          return [200, camper];
        },
      });
      const user = open();
      const card = await screen.findByRole('article', { name: 'Ava Chen' });
      const pickups = within(card).getByRole('region', { name: 'Authorised pick-ups of Ava Chen' });
      expect(pickups).toHaveTextContent("Nobody yet: add at least one person before Ava Chen's first check-in.");
      const form = within(pickups).getByRole('form', { name: 'Add a pick-up for Ava Chen' });

      await user.click(within(form).getByRole('button', { name: 'Add pick-up' }));
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription("Pick-up's name is required");
      expect(within(form).getByLabelText('Relationship')).toHaveAccessibleDescription('Relationship is required');
      expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription('Phone is required');
      await user.type(within(form).getByLabelText('Phone'), '12');
      await user.click(within(form).getByRole('button', { name: 'Add pick-up' }));
      expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(
        'Phone must be 7-20 digits, spaces, +, (, ) or -',
      );
      expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);

      await user.type(within(form).getByLabelText('Name'), 'Rosa Chen');
      await user.type(within(form).getByLabelText('Relationship'), 'Aunt');
      await user.clear(within(form).getByLabelText('Phone'));
      await user.type(within(form).getByLabelText('Phone'), '+1 555 0142');
      await user.click(within(form).getByRole('button', { name: 'Add pick-up' }));
      expect(await screen.findByText('Rosa Chen can pick up Ava Chen')).toBeInTheDocument();
      expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Rosa Chen',
        relationship: 'Aunt',
        phone: '+1 555 0142',
      });
      const list = await within(card).findByRole('list', { name: 'Authorised pick-ups of Ava Chen' });
      expect(within(list).getByText('Rosa Chen (Aunt), +1 555 0142')).toBeInTheDocument();
      expect(within(form).getByLabelText('Name')).toHaveValue('');

      await user.click(within(list).getByRole('button', { name: 'Remove Rosa Chen' }));
      expect(await screen.findByText('Rosa Chen is no longer an authorised pick-up of Ava Chen')).toBeInTheDocument();
      await waitFor(() => expect(within(card).queryByRole('list')).not.toBeInTheDocument());
    });

    it("shows the API's refusal", async () => {
      http = mockApi({
        'GET /campers': [200, [{ ...ava, pickups: [] }]],
        'POST /campers/k2/pickups': [
          400,
          { statusCode: 400, message: 'A camper can have at most 10 authorised pick-ups' },
        ],
      });
      const user = open();
      const form = await screen.findByRole('form', { name: 'Add a pick-up for Ava Chen' });
      await user.type(within(form).getByLabelText('Name'), 'Rosa Chen');
      await user.type(within(form).getByLabelText('Relationship'), 'Aunt');
      await user.type(within(form).getByLabelText('Phone'), '+1 555 0142');
      await user.click(within(form).getByRole('button', { name: 'Add pick-up' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('A camper can have at most 10 authorised pick-ups');
    });
  });
});
