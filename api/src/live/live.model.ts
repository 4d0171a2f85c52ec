// Live updates to a family's open pages (Server-Sent Events). Domains publish an event to an account; every replica
// reads the events from the database and streams each to the account's streams open on it, so it does not matter
// which replica wrote the event or which one the browser is connected to.

export const LIVE_EVENT_TYPES = ['checkIn', 'checkOut'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  _id: string;
  /** The account the event is for (lower-case e-mail). */
  to: string;
  type: LiveEventType;
  data: Record<string, unknown>;
  at: Date;
}

/** A stream ticket is good for this long, and once. */
export const TICKET_TTL_MS = 30_000;
/** Events are kept this long (a stream only reads the last seconds of them; the rest is for looking into). */
export const EVENT_RETENTION_SECONDS = 86_400;
