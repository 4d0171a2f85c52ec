import { useEffect } from 'react';
import { getRuntimeConfig, useAppDispatch } from '@sportify/shared-ui';
import { useLiveTicketMutation } from '@sportify/shared-ui/endpoints/live';
import { checkInsTodayApi, type FamilyDayResponse } from '@sportify/shared-ui/endpoints/rosters';

/** A stream that failed or ended is opened again, with a new ticket, after this long. */
const RECONNECT_MS = 5000;

const sameDay = (a: FamilyDayResponse, b: FamilyDayResponse) =>
  a.classId === b.classId && a.participantId === b.participantId && a.date === b.date;

/**
 * Keeps today's check-ins (GET /check-ins/today) current without a reload: the server pushes each check-in and
 * check-out (Server-Sent Events, whichever API replica recorded it). The list is read again whenever a stream opens,
 * so nothing sent while none was open is missed.
 */
export function useLiveDay(): void {
  const dispatch = useAppDispatch();
  const [ticket] = useLiveTicketMutation();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const apply = (event: MessageEvent<string>) => {
      const day = JSON.parse(event.data) as FamilyDayResponse;
      dispatch(
        checkInsTodayApi.util.updateQueryData('checkInsToday', undefined, (days) => {
          const at = days.findIndex((d) => sameDay(d, day));
          if (at >= 0) days[at] = day;
          else days.push(day);
        }),
      );
    };
    const readAgain = () =>
      void dispatch(
        checkInsTodayApi.endpoints.checkInsToday.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
    const open = async () => {
      try {
        const { ticket: value } = await ticket().unwrap();
        if (stopped) return;
        source = new EventSource(`${getRuntimeConfig().apiUrl}/live/stream?ticket=${encodeURIComponent(value)}`);
        source.addEventListener('ready', readAgain);
        source.addEventListener('checkIn', apply);
        source.addEventListener('checkOut', apply);
        // A ticket opens one stream: the browser's own reconnection would be refused, so a new one is asked for.
        source.onerror = () => {
          source?.close();
          source = null;
          if (!stopped) retry = setTimeout(() => void open(), RECONNECT_MS);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), RECONNECT_MS);
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [dispatch, ticket]);
}
