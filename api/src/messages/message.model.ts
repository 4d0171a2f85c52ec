// Messages from a class's instructor (or an admin) to the families enrolled in it (docs/families.md, Messages): one
// record per message with its recipients, read in each family's Messages screen and e-mailed to each once.

export interface ClassMessage {
  _id: string;
  classId: string;
  className: string;
  subject: string;
  /** Plain text as written (line breaks kept); escaped wherever it is shown. */
  body: string;
  senderEmail: string;
  senderName: string;
  sentAt: Date;
  /** The families' accounts (each once), as enrolled when it was sent. */
  recipients: string[];
  /** When every family's e-mail was in the outbox; absent until then. */
  mailedAt?: Date;
}

/** A class's message history, as its instructor and admins see it: how many families, never who. */
export interface SentMessage {
  _id: string;
  classId: string;
  subject: string;
  body: string;
  senderName: string;
  sentAt: Date;
  recipients: number;
}

/** A message in a family's Messages. */
export interface InboxMessage {
  _id: string;
  classId: string;
  className: string;
  subject: string;
  body: string;
  senderName: string;
  sentAt: Date;
  read: boolean;
}

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;

export const sentMessage = (m: ClassMessage): SentMessage => ({
  _id: m._id,
  classId: m.classId,
  subject: m.subject,
  body: m.body,
  senderName: m.senderName,
  sentAt: m.sentAt,
  recipients: m.recipients.length,
});
