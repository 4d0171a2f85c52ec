import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff, claimWhenFree } from '../database/leased-rows';
import type { Settlement } from './settlement.model';
import { SettlementsRepository, type Release } from './settlements.repository';

/** The holder's lease was taken over: it must not write anything more. */
export class LostClaimError extends Error {}

/**
 * A path's claim on one ledger row (owner + lease, settlement.model.ts): taking it, renewing it before each write,
 * writing a decision before acting on it, and letting go after a failure.
 */
@Injectable()
export class SettlementClaims {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: SettlementsRepository,
  ) {}

  /** Claim lease of the ledger's rows; a holder renews it before each write, so it only has to outlast one step. */
  leaseMs(): number {
    return this.config.payments.claimLeaseSeconds * 1000;
  }

  /** The row for `owner`, or null while another path holds it. */
  claim(intentId: string, owner: string): Promise<Settlement | null> {
    return this.ledger.claim(intentId, owner, this.leaseMs());
  }

  /** Claims the row, waiting while another path holds it (until its lease runs out, at the latest). */
  waitFor(intentId: string, owner: string): Promise<Settlement | null> {
    return claimWhenFree(() => this.claim(intentId, owner), this.leaseMs() + 5_000);
  }

  /** Renews the claim before a write; a holder that was taken over stops here. */
  async stillOurs(row: Settlement, owner: string): Promise<void> {
    if (!(await this.ledger.renew(row.intentId, owner, this.leaseMs())))
      throw new LostClaimError(`Settlement ${row.intentId} was taken over`);
  }

  /** Writes the holder's decision (renewing its lease); a holder that was taken over stops here. */
  async decideFirst(
    row: Settlement,
    owner: string,
    decision: Pick<Release, 'state' | 'reason' | 'charged'>,
  ): Promise<void> {
    if (!(await this.ledger.decide(row.intentId, owner, decision, this.leaseMs())))
      throw new LostClaimError(`Settlement ${row.intentId} was taken over`);
  }

  /** Lets go of a row after a failure, to be looked at again with backoff (never blocking the due list). */
  async pushBack(row: Settlement, owner: string, err: Error): Promise<void> {
    // Without the database the write cannot land, and waiting for it holds the driver up while the database comes
    // back; the claim runs out instead and reconciliation takes the row over.
    if (/Network|ServerSelection/.test(err.name)) return;
    const next = backoff(this.config.payments.refundRetrySeconds * 1000, row.attempts);
    await this.ledger.abandon(row.intentId, owner, err.message, next).catch(() => undefined);
  }
}
