import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import type { ClassMessage } from './message.model';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

const JOB = 'message-fan-out';
const EVERY_MS = 30_000;
const LEASE_MS = 60_000;
/** A message younger than this is still being fanned out by the request that sent it. */
const GRACE_MS = 60_000;

/**
 * Finishes the e-mails of messages whose sending request stopped before every family's e-mail was in the outbox
 * (a replica killed mid-way): each such message is claimed, fanned out again (the outbox keeps one e-mail per
 * message and family) and marked done. Every replica runs it; the claim keeps two from working on one message.
 */
@Injectable()
export class MessageFanOut implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: MessagesRepository,
    private readonly service: MessagesService,
    private readonly runner: ClaimedJobRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.add<ClassMessage>({
      name: JOB,
      everyMs: EVERY_MS,
      workers: 1,
      passLimit: 500,
      leaseMs: LEASE_MS,
      claimNext: ({ owner, leaseMs }, now) =>
        this.messages.claimUnmailed(new Date(now.getTime() - GRACE_MS), owner, leaseMs),
      work: async (message) => {
        await this.service.fanOut(message);
        return 'mailed';
      },
      // Tried again after the outbox's own retry wait.
      pushBack: (message, { owner }, err) =>
        this.messages.pushBack(
          message._id,
          owner,
          err.message,
          new Date(Date.now() + this.config.mail.retrySeconds * 1000),
        ),
    });
  }

  /** One pass now (tests, and a stopped process's leftovers). */
  async runOnce(now = new Date()): Promise<number> {
    return (await this.runner.run(JOB, now)).outcomes.mailed ?? 0;
  }
}
