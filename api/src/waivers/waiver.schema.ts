import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One published version of the waiver; never changed once written. */
@Schema({ collection: 'waiver_versions', versionKey: false })
export class WaiverVersionRecord {
  @Prop({ required: true })
  version: number;

  @Prop({ required: true })
  title: string;

  @Prop({ required: true })
  text: string;

  @Prop({ required: true })
  publishedAt: Date;

  @Prop({ required: true, lowercase: true })
  publishedBy: string;
}

export const WaiverVersionSchema = SchemaFactory.createForClass(WaiverVersionRecord);
// One row per version: two admins publishing at once cannot both make version n.
WaiverVersionSchema.index({ version: 1 }, { unique: true });

/** A family's signature of one version for one camper, with the text as signed. */
@Schema({ collection: 'waiver_signatures', versionKey: false })
export class WaiverSignatureRecord {
  @Prop({ required: true })
  version: number;

  @Prop({ required: true })
  title: string;

  @Prop({ required: true })
  text: string;

  @Prop({ required: true, lowercase: true })
  accountEmail: string;

  @Prop({ required: true })
  camperId: string;

  @Prop({ required: true })
  camperName: string;

  @Prop({ required: true })
  typedName: string;

  @Prop({ required: true })
  signedAt: Date;
}

export const WaiverSignatureSchema = SchemaFactory.createForClass(WaiverSignatureRecord);
// One signature per camper and version: signing again changes nothing. Also the payment's check and the roster's.
WaiverSignatureSchema.index({ camperId: 1, version: 1 }, { unique: true });
// The family's own signatures and its export.
WaiverSignatureSchema.index({ accountEmail: 1, signedAt: 1 });
// The admins' list, newest first.
WaiverSignatureSchema.index({ signedAt: -1, _id: -1 });
