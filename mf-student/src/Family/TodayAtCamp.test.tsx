import { act, screen, within } from '@testing-library/react';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import type { FamilyDayResponse } from '@sportify/shared-ui/endpoints/rosters';
import { FamilyPage } from './FamilyPage';

/** The browser's EventSource, played by the test: it records the URL and lets the test send the server's events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const inAt = '2027-07-06T13:05:00.000Z';
const day: FamilyDayResponse = {
  classId: 'c1',
  className: 'Junior Soccer',
  participantId: 'k2',
  camperId: 'k2',
  name: 'Ava Chen',
  date: '2027-07-06',
  checkedInAt: inAt,
  checkedInBy: 'Jordan Lee',
};

let http: ReturnType<typeof mockApi>;
beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  http.restore();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('My Family: today at camp, live', () => {
  it('shows a check-in and then the pick-up as the server pushes them, without a reload', async () => {
    http = mockApi({
      'GET /campers': [200, []],
      'GET /check-ins/today': [200, []],
      'POST /live/ticket': [201, { ticket: 'tkt_0123456789abcdefghij', expiresAt: '2027-07-06T13:00:30.000Z' }],
    });
    renderScreen(<FamilyPage />, {
      path: '/dashboard/family',
      session: sessionAs('student', 'mia@sportify.camp', 'Mia Chen'),
    });
    await screen.findByText(/No campers yet/);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe('http://localhost:5000/live/stream?ticket=tkt_0123456789abcdefghij');
    expect(screen.queryByRole('region', { name: 'Today at camp' })).not.toBeInTheDocument();

    act(() => source.emit('checkIn', day));
    const today = await screen.findByRole('region', { name: 'Today at camp' });
    // 13:05 UTC is 9:05 AM at the camp (America/New_York in July).
    expect(within(today).getByRole('listitem')).toHaveTextContent('Ava Chen, Junior Soccer: Checked in at 9:05 AM');

    act(() =>
      source.emit('checkOut', {
        ...day,
        checkedOutAt: '2027-07-06T20:30:00.000Z',
        pickedUpBy: { name: 'Rosa Chen', relationship: 'Aunt' },
      }),
    );
    expect(await within(today).findByText(/Picked up at 4:30 PM by Rosa Chen/)).toBeInTheDocument();
    expect(within(today).getAllByRole('listitem')).toHaveLength(1);
  });

  it('asks for a new ticket and a new stream when the stream fails', async () => {
    jest.useFakeTimers();
    try {
      http = mockApi({
        'GET /campers': [200, []],
        'GET /check-ins/today': [200, [day]],
        'POST /live/ticket': [201, { ticket: 'tkt_0123456789abcdefghij', expiresAt: '2027-07-06T13:00:30.000Z' }],
      });
      renderScreen(<FamilyPage />, {
        path: '/dashboard/family',
        session: sessionAs('student', 'mia@sportify.camp', 'Mia Chen'),
      });
      expect(await screen.findByText(/Checked in at 9:05 AM/)).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      const [first] = FakeEventSource.opened;
      act(() => first.onerror?.());
      expect(first.closed).toBe(true);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(FakeEventSource.opened).toHaveLength(2);
      expect(http.calls.filter((c) => c.url === '/live/ticket')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
