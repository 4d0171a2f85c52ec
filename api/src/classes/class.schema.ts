import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PICTURE_STATUSES, type PictureStatus } from '../pictures/picture.model';
import { CLASS_STATUSES, type ClassStatus } from './class.model';

@Schema({ collection: 'classes', versionKey: false })
export class ClassRecord {
  @Prop({ required: true, trim: true })
  className: string;

  /** The spec's picture URL: as given while the picture is imported, the site's URL of it once it is ready. */
  @Prop({ required: true })
  classImage: string;

  /** The held picture (content id), once ready. */
  @Prop()
  pictureId?: string;

  /** Absent on classes stored before pictures were held, until `npm run pictures:import -w api` has run. */
  @Prop({ type: String, enum: PICTURE_STATUSES })
  pictureStatus?: PictureStatus;

  @Prop()
  pictureError?: string;

  /** The import the class waits for: a later picture replaces it, and the earlier import's outcome is dropped. */
  @Prop()
  pictureToken?: string;

  @Prop({ required: true })
  instructorName: string;

  @Prop({ required: true, lowercase: true })
  instructorEmail: string;

  /** Seats the class has in all. Only the instructor's edit changes it; payments move `seats` and `enrolled`. */
  @Prop({ required: true, min: 0 })
  capacity: number;

  /** Seats still free: `capacity - enrolled`, kept stored so that taking a seat is one atomic conditional update. */
  @Prop({ required: true, min: 0 })
  seats: number;

  @Prop({ required: true, min: 0 })
  price: number;

  @Prop({ type: String, enum: CLASS_STATUSES, default: 'pending' })
  status: ClassStatus;

  @Prop({ default: () => new Date() })
  date: Date;

  @Prop({ default: 0, min: 0 })
  enrolled: number;

  @Prop({ default: '' })
  feedback: string;

  /** When the first session starts; absent for a class without a date. */
  @Prop()
  startDate?: Date;

  /** Weekly sessions from `startDate`; absent means one. */
  @Prop({ min: 1 })
  sessions?: number;

  /** The age range, in whole years at the start date; absent bounds admit everyone. */
  @Prop({ min: 0 })
  minAge?: number;

  @Prop({ min: 0 })
  maxAge?: number;

  /** The payment plan: a deposit (dollars) and the installments (1-6) of the rest. Both or neither. */
  @Prop({ min: 0 })
  deposit?: number;

  @Prop({ min: 1 })
  installments?: number;

  /** The early-bird price (dollars) and its last day (a camp date, YYYY-MM-DD), set by an admin. */
  @Prop({ min: 0 })
  earlyBirdPrice?: number;

  @Prop()
  earlyBirdUntil?: string;

  /** Decisions made on the class (an edit sends it back to review): names each decision's e-mail. */
  @Prop({ default: 0 })
  reviews: number;

  /** Feedback notes the admins left: names each one's e-mail. */
  @Prop({ default: 0 })
  feedbackNotes: number;

  /** Payment intents holding a seat: makes taking and releasing a seat idempotent per intent (payments retry them). */
  @Prop({ type: [String], default: [] })
  seatHolders: string[];

  /**
   * Seats held for the waitlist: a freed seat goes here instead of back to `seats` while somebody waits, keyed by the
   * hold (one open offer at a time per key, see waitlist/). capacity = seats + enrolled + holds.
   */
  @Prop({ type: [String], default: [] })
  holds: string[];
}

export const ClassSchema = SchemaFactory.createForClass(ClassRecord);
// One index per filter and order of the lists (public page, admin tabs, instructor's own classes).
ClassSchema.index({ status: 1, enrolled: -1, _id: 1 });
ClassSchema.index({ status: 1, date: -1, _id: -1 });
ClassSchema.index({ status: 1, price: 1, _id: 1 });
ClassSchema.index({ status: 1, className: 1, _id: 1 });
ClassSchema.index({ status: 1, instructorEmail: 1 });
ClassSchema.index({ status: 1, seats: 1 });
ClassSchema.index({ instructorEmail: 1, status: 1, date: -1 });
// The waitlist's sweeper looks for holds left without an offer.
ClassSchema.index({ holds: 1 });
// "Starting soonest" and the "Starting from" filter.
ClassSchema.index({ status: 1, startDate: 1, _id: 1 });
