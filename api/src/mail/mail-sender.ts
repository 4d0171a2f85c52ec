import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import type { OutboxEntry } from './mail.model';
import { OutboxRepository } from './outbox.repository';
import { renderMail } from './templates';

const JOB = 'mail-outbox';
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
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailSender.name);
  private transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly runner: ClaimedJobRunner,
  ) {}

  onApplicationBootstrap(): void {
    const { smtpUrl, sendIntervalMs, leaseSeconds } = this.config.mail;
    if (!smtpUrl) this.logger.log('SMTP_URL is not set: e-mails wait in the outbox (mail_outbox) unsent');
    this.runner.add<OutboxEntry>({
      name: JOB,
      everyMs: smtpUrl ? sendIntervalMs : 0,
      workers: 1,
      passLimit: PASS_LIMIT,
      leaseMs: leaseSeconds * 1000,
      claimNext: ({ owner, leaseMs }) => this.outbox.claimNextDue(owner, leaseMs),
      work: async (message, { owner }) => ((await this.send(message, owner)) ? 'sent' : 'failed'),
    });
  }

  // After the runner has stopped (module destruction), so no message is cut off mid-send.
  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** Sends every due message once; overlapping calls in one process share the running pass. */
  async sendDue(): Promise<SendReport> {
    if (!this.config.mail.smtpUrl) return { sent: 0, failed: 0 };
    const { outcomes } = await this.runner.run(JOB);
    return { sent: outcomes.sent ?? 0, failed: outcomes.failed ?? 0 };
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
      const next = backoff(this.config.mail.retrySeconds * 1000, message.attempts);
      this.logger.warn(
        `E-mail ${message.key} not sent (attempt ${message.attempts + 1}); retrying at ${next.toISOString()}: ${(err as Error).message}`,
      );
      await this.outbox.retryLater(message.key, owner, (err as Error).message, next);
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
