import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock.service';
import { InsufficientCreditError, type Movement, type NewMovement } from './movement.model';
import { ExistingMovement, MovementsRepository } from './movements.repository';

/** Writers of one family racing for the next number give up after this many tries (each one is a fresh read). */
const ATTEMPTS = 50;

/**
 * Writes the family's movements (movement.model.ts). Each has a key naming its event, so a step that runs again
 * writes nothing new. A family's movements are numbered in order: a writer reads the last number (and, for a spend,
 * the credit left), then inserts the next one; two writers of one family collide on the number and the later one
 * reads again. So a spend is decided on the balance as it is, and credit never goes below 0, on any number of
 * replicas, without transactions.
 */
@Injectable()
export class AccountLedger {
  constructor(
    private readonly movements: MovementsRepository,
    private readonly clock: Clock,
  ) {}

  /** Writes the movement once (its key decides); the row as stored. */
  append(m: NewMovement): Promise<Movement> {
    return this.write(m, false);
  }

  /**
   * Spends `-m.cents` of the family's credit (a `credit_used` movement): throws InsufficientCreditError when less is
   * left, unless this spend was written already.
   */
  spendCredit(m: NewMovement): Promise<Movement> {
    if (m.kind !== 'credit_used' || m.cents >= 0)
      throw new Error('A spend is a credit_used movement of negative cents');
    return this.write(m, true);
  }

  creditBalance(email: string): Promise<number> {
    return this.movements.creditBalance(email.toLowerCase());
  }

  find(key: string): Promise<Movement | null> {
    return this.movements.byKey(key);
  }

  ofEnrolment(enrolment: string): Promise<Movement[]> {
    return this.movements.ofEnrolment(enrolment);
  }

  private async write(m: NewMovement, spends: boolean): Promise<Movement> {
    const email = m.email.toLowerCase();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const existing = await this.movements.byKey(m.key);
      if (existing) return existing;
      const seq = (await this.movements.lastSeq(email)) + 1;
      if (spends) {
        const balance = await this.movements.creditBalance(email);
        if (balance + m.cents < 0) throw new InsufficientCreditError(balance);
      }
      const written = await this.movements.insertAt({ ...m, email, seq, at: m.at ?? this.clock.now() });
      if (written instanceof ExistingMovement) return written.movement;
      if (written) return written;
    }
    throw new Error(`The account of ${email} kept changing while ${m.key} was written`);
  }
}
