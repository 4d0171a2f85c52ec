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
    },
  ],
};

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
    ).toEqual(['Camper', 'Age', 'Allergies and medical notes', 'Emergency contact', 'Attendance']);
    const ava = within(table).getByRole('row', { name: /Ava Chen/ });
    expect(within(ava).getByRole('rowheader')).toHaveTextContent('Ava Chen');
    expect(
      within(ava)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((td) => td.textContent),
    ).toEqual(['9', 'Peanut allergy', 'Mia Chen+1 555 0100']);
    // The phone is under the emergency contact it reaches, in the same cell.
    expect(within(within(ava).getAllByRole('cell')[2]).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(ava).getByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 6, 2027' })).toBeChecked();
    expect(within(ava).getByRole('checkbox', { name: 'Ava Chen present on Tue, Jul 13, 2027' })).not.toBeChecked();
    // Every session's box in the one Attendance cell, whatever the number of sessions.
    expect(within(within(ava).getAllByRole('cell')[3]).getAllByRole('checkbox')).toHaveLength(2);
    const noah = within(table).getByRole('row', { name: /Noah Patel/ });
    expect(within(noah).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(noah).getAllByRole('cell')[1]).toHaveTextContent('None');
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
});
