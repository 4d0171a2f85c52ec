import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { OutboxEntry } from './mail.model';
import { OutboxRepository } from './outbox.repository';
import { renderMail } from './templates';

const HOUR_MS = 3600_000;
/** A send pass stops after this many messages; the next pass goes on. */
const PASS_LIMIT = 500;

export interface SendReport {
  sent: number;
  failed: number;
}

/**
 * Delivers the outbox. Every replica runs it: each message is claimed first (owner + lease, a conditional update),
 * so two replicas never send the same one, and a sender that stops mid-way loses its lease to another. A message
 * the SMTP server refuses or never takes stays pending and is tried again with a doubling wait (MAIL_RETRY_SECONDS,
 * up to an hour); nothing is dropped. The SMTP timeouts are shorter than the lease, so a slow server cannot make a
 * second replica send a message the first is still sending.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailSender.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<SendReport>;
  private transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {}

  onApplicationBootstrap(): void {
    const { smtpUrl, sendIntervalMs } = this.config.mail;
    if (!smtpUrl) {
      this.logger.log('SMTP_URL is not set: e-mails wait in the outbox (mail_outbox) unsent');
      return;
    }
    if (!sendIntervalMs) return;
    this.timer = setInterval(() => {
      this.sendDue().catch((err: Error) => this.logger.warn(`Sending e-mail failed: ${err.message}`));
    }, sendIntervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.transport?.close();
  }

  /** Sends every due message once; overlapping calls in one process share the running pass. */
  sendDue(): Promise<SendReport> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<SendReport> {
    const report: SendReport = { sent: 0, failed: 0 };
    if (!this.config.mail.smtpUrl) return report;
    while (report.sent + report.failed < PASS_LIMIT) {
      const owner = randomUUID();
      const message = await this.outbox.claimNextDue(owner, this.config.mail.leaseSeconds * 1000);
      if (!message) break;
      if (await this.send(message, owner)) report.sent++;
      else report.failed++;
    }
    if (report.sent || report.failed) this.logger.log(`E-mail: ${report.sent} sent, ${report.failed} to retry`);
    return report;
  }

  private async send(message: OutboxEntry, owner: string): Promise<boolean> {
    let messageId: string;
    try {
      const { subject, text, html } = renderMail(message.template, message.data, {
        timeZone: this.config.campTimeZone,
        siteUrl: this.config.mail.siteUrl,
      });
      const info = (await this.smtp().sendMail({
        from: this.config.mail.from,
        to: message.to,
        subject,
        text,
        html,
        // One id per outbox key: a mail client can tell a message from its (rare) resend.
        messageId: `<${encodeURIComponent(message.key)}@sportify.camp>`,
      })) as { messageId?: string };
      messageId = info.messageId ?? '';
    } catch (err) {
      const wait = Math.min(this.config.mail.retrySeconds * 1000 * 2 ** message.attempts, HOUR_MS);
      this.logger.warn(
        `E-mail ${message.key} not sent (attempt ${message.attempts + 1}); retrying in ${wait / 1000}s: ${(err as Error).message}`,
      );
      await this.outbox.retryLater(message.key, owner, (err as Error).message, new Date(Date.now() + wait));
      return false;
    }
    if (!(await this.outbox.markSent(message.key, owner, messageId)))
      this.logger.warn(`E-mail ${message.key} was sent after its claim ran out`);
    return true;
  }

  private smtp(): Transporter {
    // Each step of an SMTP exchange must finish well inside the claim's lease.
    const limit = Math.max(1000, Math.floor((this.config.mail.leaseSeconds * 1000) / 4));
    this.transport ??= createTransport({
      url: this.config.mail.smtpUrl,
      connectionTimeout: limit,
      greetingTimeout: limit,
      socketTimeout: limit,
    } as Parameters<typeof createTransport>[0]);
    return this.transport;
  }
}
