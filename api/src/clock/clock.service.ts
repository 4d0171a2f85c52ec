import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ClockRepository } from './clock.repository';

/** How often a development replica reads the offset another replica may have moved. */
const SYNC_MS = 500;

/**
 * The camp's "now" for the rules that run on dates (installments due, early-bird prices, promo codes' last day).
 * Outside development mode it is the real time, always. In development mode the journeys and the demo can move it
 * forward (`PUT /dev/clock`), so a plan's installments are charged on their dates without waiting for them; the
 * offset is stored, so every replica of the stack agrees. Leases and retries of claims keep the real time.
 */
@Injectable()
export class Clock implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Clock.name);
  private offsetMs = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly offsets: ClockRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.developmentMode) return;
    await this.sync();
    this.timer = setInterval(() => void this.sync(), SYNC_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  offset(): number {
    return this.offsetMs;
  }

  /** Development mode only: moves the camp's clock `offsetMs` ahead of the real time (0: back to it). */
  async move(offsetMs: number): Promise<void> {
    if (!this.config.developmentMode) throw new Error('The clock moves only in development mode');
    await this.offsets.write(offsetMs);
    this.offsetMs = offsetMs;
    this.logger.warn(`The camp's clock is ${offsetMs} ms ahead of the real time (development mode)`);
  }

  private async sync(): Promise<void> {
    this.offsetMs = await this.offsets.read().catch(() => this.offsetMs);
  }
}
