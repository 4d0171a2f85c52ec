import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { LedgerReport } from './ledger-check';
import { LedgerCheckResultRecord } from './ledger-check-result.schema';

const LAST = 'last';
/** Drifts kept with the result (the command prints them all). */
const KEPT_DRIFTS = 20;

export interface LedgerCheckResult {
  checkedAt: Date;
  drifts: number;
  firstDrifts: string[];
}

/** The last ledger check's result, for the metrics of every API replica. */
@Injectable()
export class LedgerCheckResults {
  constructor(@InjectModel(LedgerCheckResultRecord.name) private readonly model: Model<LedgerCheckResultRecord>) {}

  async record(report: LedgerReport, checkedAt: Date): Promise<void> {
    const result = {
      checkedAt,
      drifts: report.drifts.length,
      firstDrifts: report.drifts.slice(0, KEPT_DRIFTS),
      rows: report.rows,
      inFlight: report.inFlight,
    };
    await this.model.replaceOne({ _id: LAST }, result, { upsert: true }).exec();
  }

  async last(): Promise<LedgerCheckResult | null> {
    const d = await this.model.findById(LAST).lean<LedgerCheckResultRecord>().exec();
    return d ? { checkedAt: d.checkedAt, drifts: d.drifts, firstDrifts: d.firstDrifts ?? [] } : null;
  }
}
