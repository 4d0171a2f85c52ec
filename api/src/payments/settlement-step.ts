import type { Participant } from '../campers/camper.model';
import type { GatewayIntent } from './gateway/payment-gateway';
import type { Payment } from './payment.model';
import type { RefundReason, Settlement } from './settlement.model';
import type { Release } from './settlements.repository';

/** What a settlement answers whoever asked for it. */
export type SettleOutcome =
  | { kind: 'recorded'; payment: Payment; first: boolean; deletedCount: number }
  | { kind: 'refused'; reason: RefundReason }
  /** Not paid (yet): nothing to settle. */
  | { kind: 'pending' };

/** One step of a claim holder: what it writes on the row when it lets go, and what its caller is answered. */
export interface Step {
  release: Release;
  outcome: SettleOutcome;
}

export const refused = (release: Release, reason: RefundReason): Step => ({
  release,
  outcome: { kind: 'refused', reason },
});

/** Whose seat a ledger row is about. */
export const participantOf = (row: Settlement): Participant => ({
  email: row.email,
  ...(row.camperId ? { camperId: row.camperId, ...(row.camperName ? { camperName: row.camperName } : {}) } : {}),
});

/** The one rule for "refunded": only a full refund (or a dispute) ends an enrolment. */
export const revocationOf = (intent: GatewayIntent | null): Settlement['revokeRequested'] =>
  intent?.refunded ? 'refunded_at_provider' : intent?.disputed ? 'disputed' : undefined;
