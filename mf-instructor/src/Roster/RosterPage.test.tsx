import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import type { Roster } from './rosterApi';
import { RosterPage } from './RosterPage';

const ROSTER = 'GET /classes/c1/roster';
const roster: Roster = {
  classId: 'c1',
  className: 'Junior Soccer',
  sessions: ['2027-07-06', '2027-07-13'],
  // Not a session day: no check-in today.
  today: '2027-07-01',
  campers: [
    {
      participantId: 'k1',
      camperId: 'k1',
      name: 'Ava Chen',
      age: 9,
      ageAtStart: 9,
      notes: 'Peanut allergy',
      emergencyContact: 'Mia Chen',
      emergencyPhone: '+1 555 0100',
      attendance: { '2027-07-06': true },
      pickups: [{ _id: 'pk1', name: 'Rosa Chen', relationship: 'Aunt', phone: '+1 555 0142' }],
      waiver: 'signed',
      checkIns: {},
    },
    {
      participantId: 'self:p7',
      name: 'Noah Patel',
      age: null,
      ageAtStart: null,
      notes: '',
      emergencyContact: '',
      emergencyPhone: '',
      attendance: {},
      pickups: [],
      waiver: null,
      checkIns: {},
    },
  ],
};

// Forms typed key by key on a busy machine: generous time (timings are not what is tested).
jest.setTimeout(30_000);

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

function open(session = sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee')) {
  render(<AppToastContainer />);
  renderScreen(<RosterPage />, { path: '/dashboard/roster/:id', url: '/dashboard/roster/c1', session });
  return userEvent.setup();
}

describe('Roster', () => {
  it('lists each participant with age, notes, emergency contact and phone, and a Present box per session', async () => {
    http = mockApi({ [ROSTER]: [200, roster] });
    open();
    expect(await screen.findByRole('heading', { name: 'Roster: Junior Soccer', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Roster: Junior Soccer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Camper', 'Waiver', 'Age', 'Allergies and medical notes', 'Emergency contact', 'Attendance']);
    const ava = within(table).getByRole('row', { name: /Ava Chen/ });
    expect(within(ava).getByRole('rowheader')).toHaveTextContent('Ava Chen');
    expect(
      within(ava)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((td) => td.textContent),
    ).toEqual(['Waiver signed', '9', 'Peanut allergy', 'Mia Chen+1 555 0100']);
    // The phone is under the emergency contact it reaches, in the same cell.
    expect(within(within(ava).getAllByRole('cell')[3]).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(ava).getByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 6, 2027' })).toBeChecked();
    expect(within(ava).getByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 13, 2027' })).not.toBeChecked();
    // Every session's box in the one Attendance cell, whatever the number of sessions.
    expect(within(within(ava).getAllByRole('cell')[4]).getAllByRole('checkbox')).toHaveLength(2);
    const noah = within(table).getByRole('row', { name: /Noah Patel/ });
    expect(within(noah).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(noah).getAllByRole('cell')[0]).toHaveTextContent('—');
    expect(within(noah).getAllByRole('cell')[2]).toHaveTextContent('None');
    // Not a session day: nothing to check in.
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
  });

  it('saves each tick at once, with "Attendance saved"', async () => {
    http = mockApi({
      [ROSTER]: [200, roster],
      'PUT /classes/c1/attendance': (_config, body) => [
        200,
        {
          participantId: 'k1',
          attendance: { '2027-07-06': true, '2027-07-13': (body as { present: boolean }).present },
        },
      ],
    });
    const user = open();
    const box = await screen.findByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 13, 2027' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(await screen.findByText('Attendance saved')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      participantId: 'k1',
      date: '2027-07-13',
      present: true,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Noah Patel present on Tue, Jul 6, 2027' }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(http.calls.filter((c) => c.method === 'PUT')[1].body).toEqual({
      participantId: 'self:p7',
      date: '2027-07-06',
      present: true,
    });
  });

  it('shows the tick in the click itself, not a frame later', async () => {
    http = mockApi({
      [ROSTER]: [200, roster],
      'PUT /classes/c1/attendance': [200, { participantId: 'k1', attendance: { '2027-07-06': false } }],
    });
    open();
    const box = await screen.findByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 6, 2027' });
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    expect(await screen.findByText('Attendance saved')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it("takes a refused tick back and shows the API's reason", async () => {
    http = mockApi({
      [ROSTER]: [200, roster],
      'PUT /classes/c1/attendance': [404, { statusCode: 404, message: "Not on this class's roster" }],
    });
    const user = open();
    const box = await screen.findByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 6, 2027' });
    await user.click(box);
    expect(await screen.findByText("Not on this class's roster")).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
    expect(screen.queryByText('Attendance saved')).not.toBeInTheDocument();
  });

  it('downloads the roster as CSV', async () => {
    const csv =
      'Camper,Age,Allergies and medical notes,Emergency contact,Phone,2027-07-06\r\nAva Chen,9,,,,present\r\n';
    http = mockApi({ [ROSTER]: [200, roster], 'GET /classes/c1/roster.csv': [200, csv] });
    // jsdom has no object URLs: record the file handed to the browser instead.
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:roster';
    };
    URL.revokeObjectURL = () => undefined;
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    const user = open(sessionAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloaded).toBe('roster-c1.csv'));
    click.mockRestore();
    expect(files[0].type).toBe('text/csv');
    expect(await files[0].text()).toBe(csv);
  });

  it('says when nobody is enrolled yet', async () => {
    http = mockApi({ [ROSTER]: [200, { ...roster, campers: [] }] });
    open();
    expect(await screen.findByText('Nobody is enrolled in this class yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
  describe("today's check-in and check-out", () => {
    const today = { ...roster, today: '2027-07-06' };
    const inAt = '2027-07-06T13:05:00.000Z';
    const checkedIn = {
      ...today,
      campers: [
        { ...today.campers[0], checkIns: { '2027-07-06': { checkedInAt: inAt, checkedInBy: 'Jordan Lee' } } },
        today.campers[1],
      ],
    };

    it('checks a camper in: the card says when', async () => {
      let current: Roster = today;
      http = mockApi({
        [ROSTER]: () => [200, current],
        'POST /classes/c1/check-in': (_config, body) => {
          current = checkedIn;
          return [200, { ...(body as object), checkedInAt: inAt, checkedInBy: 'Jordan Lee' }];
        },
      });
      const user = open();
      const cards = await screen.findByRole('list', { name: "Today's check-in" });
      const ava = within(cards).getByRole('article', { name: 'Ava Chen' });
      expect(within(ava).getByText('Waiver signed')).toBeInTheDocument();
      await user.click(within(ava).getByRole('button', { name: 'Check in Ava Chen' }));
      expect(await screen.findByText('Ava Chen is checked in')).toBeInTheDocument();
      expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({ participantId: 'k1', date: '2027-07-06' });
      // 13:05 UTC is 9:05 AM at the camp (America/New_York in July).
      expect(await within(ava).findByText('Checked in at 9:05 AM')).toBeInTheDocument();
      expect(within(ava).getByRole('button', { name: 'Check out Ava Chen' })).toBeInTheDocument();
    });

    it('checks out only to a person on the list; anyone else means calling the family', async () => {
      let current: Roster = checkedIn;
      http = mockApi({
        [ROSTER]: () => [200, current],
        'POST /classes/c1/check-out': () => {
          current = {
            ...checkedIn,
            campers: [
              {
                ...checkedIn.campers[0],
                checkIns: {
                  '2027-07-06': {
                    checkedInAt: inAt,
                    checkedInBy: 'Jordan Lee',
                    checkedOutAt: '2027-07-06T20:30:00.000Z',
                    checkedOutBy: 'Jordan Lee',
                    pickedUpBy: { name: 'Rosa Chen', relationship: 'Aunt' },
                  },
                },
              },
              checkedIn.campers[1],
            ],
          };
          return [200, {}];
        },
      });
      const user = open();
      const ava = await screen.findByRole('article', { name: 'Ava Chen' });
      await user.click(within(ava).getByRole('button', { name: 'Check out Ava Chen' }));
      const choice = within(ava).getByRole('group', { name: 'Who is picking up Ava Chen?' });
      const confirm = within(ava).getByRole('button', { name: 'Confirm pick-up' });
      expect(confirm).toBeDisabled();

      await user.click(within(choice).getByRole('radio', { name: 'Someone else' }));
      expect(within(ava).getByRole('alert')).toHaveTextContent(
        'Not an authorised pick-up: call the family. Mia Chen: +1 555 0100',
      );
      expect(within(ava).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
      expect(confirm).toBeDisabled();
      expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);

      await user.click(within(choice).getByRole('radio', { name: 'Rosa Chen (Aunt)' }));
      await user.click(confirm);
      expect(await screen.findByText('Ava Chen was picked up by Rosa Chen')).toBeInTheDocument();
      expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({
        participantId: 'k1',
        date: '2027-07-06',
        pickupId: 'pk1',
      });
      expect(await within(ava).findByText('Picked up at 4:30 PM by Rosa Chen')).toBeInTheDocument();
    });

    it("shows the API's refusal on the card", async () => {
      http = mockApi({
        [ROSTER]: [200, today],
        'POST /classes/c1/check-in': [
          409,
          {
            statusCode: 409,
            message: 'Ava Chen has no authorised pick-up yet: the family adds one on My Family before check-in',
          },
        ],
      });
      const user = open();
      const ava = await screen.findByRole('article', { name: 'Ava Chen' });
      await user.click(within(ava).getByRole('button', { name: 'Check in Ava Chen' }));
      expect(await within(ava).findByRole('alert')).toHaveTextContent(
        'Ava Chen has no authorised pick-up yet: the family adds one on My Family before check-in',
      );
    });
  });

  describe('messages to families', () => {
    it('sends Subject and Message with Send, says how many families, and lists it in the history', async () => {
      const sent = {
        _id: 'm1',
        classId: 'c1',
        subject: 'Rain tomorrow',
        body: 'We meet in the gym.',
        senderName: 'Jordan Lee',
        sentAt: '2027-07-05T20:00:00.000Z',
        recipients: 1,
      };
      let history: (typeof sent)[] = [];
      http = mockApi({
        [ROSTER]: [200, roster],
        'GET /classes/c1/messages': () => [200, { items: history, total: history.length, page: 1, limit: 20 }],
        'POST /classes/c1/messages': () => {
          history = [sent];
          return [201, sent];
        },
      });
      const user = open();
      await user.click(await screen.findByRole('button', { name: 'Message families' }));
      const form = screen.getByRole('form', { name: 'Message families' });
      await user.click(within(form).getByRole('button', { name: 'Send' }));
      expect(within(form).getByLabelText('Subject')).toHaveAccessibleDescription('Subject is required');
      expect(within(form).getByLabelText('Message')).toHaveAccessibleDescription('Message is required');

      await user.type(within(form).getByLabelText('Subject'), 'Rain tomorrow');
      await user.type(within(form).getByLabelText('Message'), 'We meet in the gym.');
      await user.click(within(form).getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Message sent to 1 family')).toBeInTheDocument();
      expect(http.calls.find((c) => c.method === 'POST')?.body).toEqual({
        subject: 'Rain tomorrow',
        message: 'We meet in the gym.',
      });
      const list = await screen.findByRole('list', { name: 'Messages sent' });
      expect(within(list).getByText('Rain tomorrow')).toBeInTheDocument();
      expect(within(list).getByText(/by Jordan Lee, to 1 family/)).toBeInTheDocument();
    });

    it('says "{n} families" for more than one', async () => {
      http = mockApi({
        [ROSTER]: [200, roster],
        'GET /classes/c1/messages': [200, { items: [], total: 0, page: 1, limit: 20 }],
        'POST /classes/c1/messages': [201, { _id: 'm2', recipients: 3 }],
      });
      const user = open();
      await user.click(await screen.findByRole('button', { name: 'Message families' }));
      await user.type(screen.getByLabelText('Subject'), 'Late start');
      await user.type(screen.getByLabelText('Message'), 'We start at 10.');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Message sent to 3 families')).toBeInTheDocument();
    });
  });
});
