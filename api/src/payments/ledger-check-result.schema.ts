import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The last ledger check's result (`npm run ledger:check`, the chart's CronJob): one document, replaced each run. */
@Schema({ collection: 'ledger_checks', versionKey: false })
export class LedgerCheckResultRecord {
  /** Always `last`. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  checkedAt: Date;

  @Prop({ required: true })
  drifts: number;

  /** The first drifts found, as the check printed them. */
  @Prop({ type: [String], default: [] })
  firstDrifts: string[];

  @Prop({ required: true })
  rows: number;

  @Prop({ required: true })
  inFlight: number;
}

export const LedgerCheckResultSchema = SchemaFactory.createForClass(LedgerCheckResultRecord);
