import { Injectable } from '@nestjs/common';

/** The steps of a settlement a test may stop at, to run a competing path in between. */
export type SettlementStep = 'read' | 'seat' | 'payment';

/**
 * A no-op in production. Tests set `pause` to hold a settlement after one of its steps (the row read and claimed,
 * the seat taken, the payment inserted) while another path runs against the same database.
 */
@Injectable()
export class SettlementProbe {
  pause?: (step: SettlementStep, intentId: string) => Promise<void> | void;

  async at(step: SettlementStep, intentId: string): Promise<void> {
    if (this.pause) await this.pause(step, intentId);
  }
}
