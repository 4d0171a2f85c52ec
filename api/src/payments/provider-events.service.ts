import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { BalancePayments } from './balance-payments';
import { ProviderEventsRepository } from './provider-events.repository';
import { SettlementService } from './settlement.service';

export interface EventHandled {
  received: true;
  /** True when this event had been handled before (a replay): nothing changed. */
  duplicate: boolean;
}

/** A delivery without a valid signature: nothing changed (400), and it counts against the sender's budget. */
export class UnsignedEventError extends BadRequestException {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

const intentIdOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * The provider's events, verified with Stripe's signature over the raw body (STRIPE_WEBHOOK_SECRET). The sandbox
 * signs the same Stripe-shaped events with the same secret and hands them to `receive`, so both modes share it.
 */
@Injectable()
export class ProviderEventsService {
  private readonly logger = new Logger(ProviderEventsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: ProviderEventsRepository,
    private readonly settlement: SettlementService,
    private readonly balances: BalancePayments,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<EventHandled> {
    if (!rawBody?.length || !signature)
      throw new UnsignedEventError('Missing event body or Stripe-Signature header', 'no body or no signature');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.config.stripeWebhookSecret);
    } catch (err) {
      throw new UnsignedEventError('Invalid Stripe signature', (err as Error).message);
    }
    if (await this.events.handled(event.id)) return { received: true, duplicate: true };
    await this.handle(event);
    // Marked only once handled: a failure answers 5xx and the provider delivers the event again.
    await this.events.markHandled(event.id, event.type);
    return { received: true, duplicate: false };
  }

  /**
   * The event only says which intent changed: what it changed is read back from the provider (a forged or stale
   * payload cannot enrol or un-enrol anyone), and settled by the same code as every other path.
   */
  private async handle(event: Stripe.Event): Promise<void> {
    const intentId = intentOf(event);
    if (!intentId) return; // other event types are acknowledged and ignored
    const outcome = await this.settlement.providerNews(intentId);
    // Not a seat's intent: a plan's balance paid on-session is applied (an installment's charge is recorded by the
    // job that made it).
    if (!outcome && event.type === 'payment_intent.succeeded') await this.balances.providerNews(intentId);
    if (outcome)
      this.logger.log(
        `Event ${event.id} (${event.type}): ${intentId} ${outcome.kind === 'refused' ? `refused (${outcome.reason})` : outcome.kind}`,
      );
  }
}

function intentOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return event.data.object.id;
    // Partial or full, the provider's intent says which; only a full refund ends the enrolment.
    case 'charge.refunded':
    case 'charge.dispute.created':
      return intentIdOf(event.data.object.payment_intent);
    default:
      return null;
  }
}
