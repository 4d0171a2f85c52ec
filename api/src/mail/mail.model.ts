// The e-mails the camp sends, as the rest of the API asks for them: a template, its data and a unique key.

export const MAIL_TEMPLATES = [
  'receipt',
  'refund',
  'waitlistOffer',
  'offerPassedOn',
  'classApproved',
  'classDenied',
  'feedback',
  'paymentFailed',
  'placeReleased',
  'creditKept',
  'pickedUp',
  'classMessage',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export interface OutboxMessage {
  /** Names the event that causes the message (`receipt:<intentId>`): enqueueing the same key again sends nothing more. */
  key: string;
  to: string;
  template: MailTemplate;
  data: Record<string, unknown>;
}

/** `pending` until the SMTP server took it; `sent` then. */
export const OUTBOX_STATES = ['pending', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface OutboxEntry extends OutboxMessage {
  state: OutboxState;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
  owner?: string;
  leaseUntil?: Date;
  /** The SMTP server's id of the sent message. */
  messageId?: string;
  createdAt: Date;
  sentAt?: Date;
}
