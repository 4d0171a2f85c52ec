import { useEffect } from 'react';
import { api, getRuntimeConfig, useAppDispatch, type ApiResponse } from '@sportify/shared-ui';

/** A participant's day at camp: checked in, then picked up (GET /check-ins/today and the live events). */
export type FamilyDay = ApiResponse<'/check-ins/today', 'get'>[number];

export const liveDayApi = api.enhanceEndpoints({ addTagTypes: ['FamilyDay'] }).injectEndpoints({
  endpoints: (build) => ({
    getTodayCheckIns: build.query<FamilyDay[], void>({
      query: () => ({ url: '/check-ins/today' }),
      providesTags: ['FamilyDay'],
    }),
    liveTicket: build.mutation<ApiResponse<'/live/ticket', 'post'>, void>({
      query: () => ({ url: '/live/ticket', method: 'POST' }),
    }),
  }),
});

export const { useGetTodayCheckInsQuery, useLiveTicketMutation } = liveDayApi;

/** A stream that failed or ended is opened again, with a new ticket, after this long. */
const RECONNECT_MS = 5000;

const sameDay = (a: FamilyDay, b: FamilyDay) =>
  a.classId === b.classId && a.participantId === b.participantId && a.date === b.date;

/**
 * Keeps today's check-ins current without a reload: the server pushes each check-in and check-out (Server-Sent
 * Events, whichever API replica recorded it). The list is read again whenever a stream opens, so nothing sent while
 * none was open is missed.
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
      const day = JSON.parse(event.data) as FamilyDay;
      dispatch(
        liveDayApi.util.updateQueryData('getTodayCheckIns', undefined, (days) => {
          const at = days.findIndex((d) => sameDay(d, day));
          if (at >= 0) days[at] = day;
          else days.push(day);
        }),
      );
    };
    const open = async () => {
      try {
        const { ticket: value } = await ticket().unwrap();
        if (stopped) return;
        source = new EventSource(`${getRuntimeConfig().apiUrl}/live/stream?ticket=${encodeURIComponent(value)}`);
        source.addEventListener('ready', () => void dispatch(liveDayApi.util.invalidateTags(['FamilyDay'])));
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
