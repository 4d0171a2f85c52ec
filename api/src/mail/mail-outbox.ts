import { Injectable } from '@nestjs/common';
import type { OutboxMessage } from './mail.model';
import { OutboxRepository } from './outbox.repository';

/**
 * Where the API's events leave their e-mails. A message is written here in the step that records its event, and
 * the sender (mail-sender.ts) delivers it later from any replica; a retried step writes the same key and so sends
 * nothing twice.
 */
@Injectable()
export class MailOutbox {
  constructor(private readonly outbox: OutboxRepository) {}

  /** Writes one message to the outbox collection; `key` is unique, so enqueueing the same event twice sends once. */
  enqueue(message: OutboxMessage): Promise<void> {
    return this.outbox.add({ ...message, to: message.to.toLowerCase() }, new Date());
  }
}
