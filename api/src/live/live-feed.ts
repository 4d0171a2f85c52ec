import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Gauge } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { GracefulShutdown } from '../health/graceful-shutdown';
import { ApiMetrics } from '../metrics/api-metrics';
import { TICKET_TTL_MS, type LiveEvent, type LiveEventType } from './live.model';
import { LiveRepository } from './live.repository';

/**
 * Each read looks this far back: an event written by another replica (whose clock may differ a little, and whose
 * write may land late) is still found. Events already streamed are remembered for twice as long, so none goes twice.
 */
const LOOKBACK_MS = 10_000;
/** At most this many events per read; a read that hits it reads on from the last one at once. */
const READ_LIMIT = 1000;
/** A comment line keeps idle connections open through proxies and balancers. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long and the browser opens a new one with a new ticket, so access is checked again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** Streams one account may hold on one replica (tabs); a new one past it ends the oldest. */
const STREAMS_PER_ACCOUNT = 5;
/** A client this far behind in reading is dropped (it reconnects and reads the state afresh). */
const BACKLOG_LIMIT_BYTES = 1 << 20;

interface Stream {
  email: string;
  res: ServerResponse;
  openedAt: number;
}

/**
 * The live updates of the day of camp (check-in, check-out) to the parents' open pages, as Server-Sent Events. The
 * events live in the database (`live_events`): `publish` writes one, and each replica reads the new ones every
 * LIVE_POLL_MS while it has a stream open and writes each to the streams of its account. There is no in-memory bus
 * between replicas, so an event reaches a parent whichever replica recorded it and whichever one the parent is on.
 */
@Injectable()
export class LiveFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveFeed.name);
  private readonly streams = new Map<string, Set<Stream>>();
  /** Event id -> when it happened (ms), for the events already streamed from this replica. */
  private readonly seen = new Map<string, number>();
  private poller?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly live: LiveRepository,
    private readonly shutdown: GracefulShutdown,
    metrics: ApiMetrics,
  ) {
    const count = () => this.count();
    new Gauge({
      name: 'sportify_live_streams',
      help: 'Live-update streams (Server-Sent Events) open on this replica',
      registers: [metrics.registry],
      collect() {
        this.set(count());
      },
    });
  }

  onModuleInit(): void {
    // A drain ends the streams (they never finish by themselves); the browsers reconnect through another replica.
    this.shutdown.onDrain(() => this.closeAll());
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.closeAll();
  }

  /**
   * Records an event for an account's streams. The record it reports on is written already, so a failure here is
   * logged and not passed on: the page shows the change at its next read.
   */
  async publish(to: string, type: LiveEventType, data: Record<string, unknown>): Promise<void> {
    await this.live.add(to.toLowerCase(), type, data, new Date()).catch((err: Error) => {
      this.logger.warn(`A ${type} event for a family was not recorded: ${err.message}`);
    });
  }

  /** A single-use ticket that opens one stream of the caller's, valid for a few seconds. */
  async ticket(email: string): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
    await this.live.addTicket(ticket, email, expiresAt);
    return { ticket, expiresAt };
  }

  /** The account a ticket was issued to; null when unknown, used or expired. */
  redeem(ticket: string): Promise<string | null> {
    return this.live.redeemTicket(ticket);
  }

  /** Streams the account's events to `res` (headers already written) until either side closes it. */
  attach(email: string, res: ServerResponse): void {
    if (this.stopped || this.shutdown.isDraining) return void res.end();
    const stream: Stream = { email, res, openedAt: Date.now() };
    const own = this.streams.get(email) ?? new Set<Stream>();
    this.streams.set(email, own);
    own.add(stream);
    if (own.size > STREAMS_PER_ACCOUNT) this.end([...own][0]);
    res.once('close', () => this.forget(stream));
    // The page reads the current state when the stream is open, so nothing between its last read and now is missed.
    this.write(stream, 'retry: 5000\nevent: ready\ndata: {}\n\n');
    this.schedulePoll();
    this.heartbeat ??= setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  private count(): number {
    let n = 0;
    for (const own of this.streams.values()) n += own.size;
    return n;
  }

  private forget(stream: Stream): void {
    const own = this.streams.get(stream.email);
    own?.delete(stream);
    if (own && own.size === 0) this.streams.delete(stream.email);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private end(stream: Stream): void {
    this.forget(stream);
    stream.res.end();
  }

  private closeAll(): void {
    if (this.poller) clearTimeout(this.poller);
    this.poller = undefined;
    for (const own of [...this.streams.values()]) for (const s of [...own]) this.end(s);
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.res.writableLength > BACKLOG_LIMIT_BYTES) return this.end(stream);
    stream.res.write(chunk);
  }

  private beat(): void {
    const now = Date.now();
    for (const own of [...this.streams.values()])
      for (const s of [...own]) {
        if (now - s.openedAt > STREAM_LIFETIME_MS) this.end(s);
        else this.write(s, ': keep-alive\n\n');
      }
  }

  /** One read at a time, every LIVE_POLL_MS, while this replica has a stream open. */
  private schedulePoll(): void {
    if (this.poller || this.stopped || this.streams.size === 0) return;
    this.poller = setTimeout(() => {
      void this.poll()
        .catch((err: Error) => this.logger.warn(`Reading the live events failed: ${err.message}`))
        .finally(() => {
          this.poller = undefined;
          this.schedulePoll();
        });
    }, this.config.live.pollMs);
    this.poller.unref();
  }

  private async poll(): Promise<void> {
    const now = Date.now();
    let since = new Date(now - LOOKBACK_MS);
    for (;;) {
      const events = await this.live.since(since, READ_LIMIT);
      for (const e of events) this.deliver(e);
      if (events.length < READ_LIMIT) break;
      since = events[events.length - 1].at;
    }
    for (const [id, at] of this.seen) if (at < now - 2 * LOOKBACK_MS) this.seen.delete(id);
  }

  private deliver(e: LiveEvent): void {
    if (this.seen.has(e._id)) return;
    this.seen.set(e._id, e.at.getTime());
    const own = this.streams.get(e.to);
    if (!own) return;
    // JSON has no raw line break, so the data is one `data:` line whatever the texts hold.
    const chunk = `id: ${e._id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
    for (const s of [...own]) this.write(s, chunk);
  }
}
