import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import type { Caller } from '../auth/caller';
import { CampersService } from '../campers/campers.service';
import type { CampClass } from '../classes/class.model';
import { ClassesService } from '../classes/classes.service';
import { pageWindow, type Paged, type PageQueryDto } from '../common/paging';
import { MailOutbox } from '../mail/mail.module';
import { PaymentsService } from '../payments/payments.service';
import type { SendMessageDto } from './message.dto';
import { sentMessage, type ClassMessage, type InboxMessage, type SentMessage } from './message.model';
import { MessagesRepository } from './messages.repository';

export const NOT_THE_SENDER = "Only the class's instructor and admins write to its families";

/**
 * Messages to the families of a class (docs/families.md, Messages). Sending records the message with its recipients
 * (each family's account once, whatever number of its campers is enrolled), which is each family's Messages; the
 * e-mails go to the outbox right after, and a job finishes a fan-out a stopped process left midway (the outbox's
 * keys make a second pass send nothing twice).
 */
@Injectable()
export class MessagesService implements OnModuleInit {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly messages: MessagesRepository,
    private readonly classes: ClassesService,
    private readonly payments: PaymentsService,
    private readonly campers: CampersService,
    private readonly mail: MailOutbox,
  ) {}

  onModuleInit(): void {
    this.campers.useFamilyRecords('messages', {
      exportFor: async (email) => {
        const all = await this.messages.inbox(email);
        const read = await this.messages.readOf(
          email,
          all.map((m) => m._id),
        );
        return all.map((m) => this.inboxItem(m, read));
      },
    });
  }

  async send(caller: Caller, classId: string, dto: SendMessageDto): Promise<SentMessage> {
    const cls = await this.writable(caller, classId);
    const recipients = [...new Set((await this.payments.enrolmentsOf(cls._id)).map((p) => p.email.toLowerCase()))];
    if (!recipients.length)
      throw new ConflictException(`Nobody is enrolled in ${cls.className} yet: there is no family to write to`);
    const message = await this.messages.insert({
      classId: cls._id,
      className: cls.className,
      subject: dto.subject,
      body: dto.message,
      senderEmail: caller.email,
      senderName: caller.user?.userName || caller.email,
      sentAt: new Date(),
      recipients,
    });
    // The message is in every family's Messages now; if the e-mails fail here, the job sends them.
    await this.fanOut(message).catch((err: Error) =>
      this.logger.warn(`Message ${message._id}: e-mails left to the fan-out job: ${err.message}`),
    );
    return sentMessage(message);
  }

  /** Each family's e-mail into the outbox (keyed per message and family: once each), then the message is done. */
  async fanOut(message: ClassMessage): Promise<void> {
    for (const to of message.recipients)
      await this.mail.enqueue({
        key: `classMessage:${message._id}:${to}`,
        to,
        template: 'classMessage',
        data: {
          className: message.className,
          subject: message.subject,
          message: message.body,
          senderName: message.senderName,
        },
      });
    await this.messages.markMailed(message._id);
  }

  async history(caller: Caller, classId: string, query: PageQueryDto): Promise<Paged<SentMessage>> {
    const cls = await this.writable(caller, classId);
    const window = pageWindow(query);
    const { items, total } = await this.messages.classPage(cls._id, window);
    return { items: items.map(sentMessage), total, page: window.page, limit: window.limit };
  }

  async inbox(caller: Caller, query: PageQueryDto): Promise<Paged<InboxMessage>> {
    const window = pageWindow(query);
    const { items, total } = await this.messages.inboxPage(caller.email, window);
    const read = await this.messages.readOf(
      caller.email,
      items.map((m) => m._id),
    );
    return { items: items.map((m) => this.inboxItem(m, read)), total, page: window.page, limit: window.limit };
  }

  async unread(caller: Caller): Promise<{ unread: number }> {
    return { unread: await this.messages.unreadCount(caller.email) };
  }

  /** Another family's message behaves as unknown. */
  async markRead(caller: Caller, id: string): Promise<{ _id: string; read: boolean }> {
    const message = await this.messages.findFor(id, caller.email);
    if (!message) throw new NotFoundException('Message not found');
    await this.messages.markRead(message._id, caller.email);
    return { _id: message._id, read: true };
  }

  /** The class's instructor and admins only, as for its roster. */
  private async writable(caller: Caller, classId: string): Promise<CampClass> {
    const cls = await this.classes.findById(classId);
    if (!cls) throw new NotFoundException('Class not found');
    if (caller.role !== 'admin' && !(caller.role === 'instructor' && cls.instructorEmail === caller.email))
      throw new ForbiddenException(NOT_THE_SENDER);
    return cls;
  }

  private inboxItem(m: ClassMessage, read: Set<string>): InboxMessage {
    return {
      _id: m._id,
      classId: m.classId,
      className: m.className,
      subject: m.subject,
      body: m.body,
      senderName: m.senderName,
      sentAt: m.sentAt,
      read: read.has(m._id),
    };
  }
}
