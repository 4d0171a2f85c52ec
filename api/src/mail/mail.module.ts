import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MailOutbox } from './mail-outbox';
import { MailSender } from './mail-sender';
import { OutboxMetrics } from './outbox-metrics';
import { OutboxRecord, OutboxSchema } from './outbox.schema';
import { OutboxRepository } from './outbox.repository';

export type { MailTemplate, OutboxMessage } from './mail.model';
export { MailOutbox } from './mail-outbox';

/** The e-mail outbox, global so that any domain enqueues its messages in the step that causes them. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: OutboxRecord.name, schema: OutboxSchema }])],
  providers: [OutboxRepository, MailOutbox],
  exports: [MailOutbox, OutboxRepository],
})
export class MailModule {}

/** The sender job and the outbox's metrics: in the API's processes only (not in one-off commands such as the seed). */
@Module({ providers: [MailSender, OutboxMetrics], exports: [MailSender] })
export class MailSenderModule {}
