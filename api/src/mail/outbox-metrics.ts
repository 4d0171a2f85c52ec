import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ApiMetrics } from '../metrics/api-metrics';
import { OutboxRepository } from './outbox.repository';

/** The outbox's backlog as gauges, read from the database at each scrape (every replica sees the same queue). */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly outbox: OutboxRepository,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const backlog = this.metrics.readAtScrape('outbox', async () => {
      const now = new Date();
      const { pending, oldestDueAt } = await this.outbox.backlog(now);
      return { pending, lagSeconds: oldestDueAt ? Math.max(0, now.getTime() - oldestDueAt.getTime()) / 1000 : 0 };
    });
    new Gauge({
      name: 'sportify_outbox_lag_seconds',
      help: 'How long the oldest message that is due has waited to be sent (0: none is waiting)',
      registers,
      async collect() {
        this.set((await backlog())?.lagSeconds ?? NaN);
      },
    });
    new Gauge({
      name: 'sportify_outbox_pending_messages',
      help: 'Messages not sent yet (due now or waiting for a retry)',
      registers,
      async collect() {
        this.set((await backlog())?.pending ?? NaN);
      },
    });
  }
}
