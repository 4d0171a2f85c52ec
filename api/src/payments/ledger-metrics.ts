import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ApiMetrics } from '../metrics/api-metrics';
import { LedgerCheckResults } from './ledger-check-results.repository';

/** The last ledger check's drift count and time, read at each scrape (NaN and 0 before the first check). */
@Injectable()
export class LedgerMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly results: LedgerCheckResults,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const last = this.metrics.readAtScrape('ledger check', async () => (await this.results.last()) ?? null);
    new Gauge({
      name: 'sportify_ledger_drifts',
      help: 'Drifts the last ledger check found (seats, payments and ledger rows that disagree); 0 is healthy, NaN: no check yet',
      registers,
      async collect() {
        this.set((await last())?.drifts ?? NaN);
      },
    });
    new Gauge({
      name: 'sportify_ledger_check_timestamp_seconds',
      help: 'When the last ledger check ran (Unix time; 0: never)',
      registers,
      async collect() {
        const result = await last();
        this.set(result === undefined ? NaN : result ? result.checkedAt.getTime() / 1000 : 0);
      },
    });
  }
}
