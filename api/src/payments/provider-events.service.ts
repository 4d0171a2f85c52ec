import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { toGatewayIntent } from './gateway/stripe.gateway';
import { ProviderEventsRepository } from './provider-events.repository';
import { SettlementService } from './settlement.service';

export interface EventHandled {
  received: true;
  /** True when this event had been handled before (a replay): nothing changed. */
  duplicate: boolean;
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
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<EventHandled> {
    if (!rawBody?.length || !signature) throw new BadRequestException('Missing event body or Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.config.stripeWebhookSecret);
    } catch (err) {
      this.logger.warn(`Rejected an event: ${(err as Error).message}`);
      throw new BadRequestException('Invalid Stripe signature');
    }
    if (await this.events.handled(event.id)) return { received: true, duplicate: true };
    await this.handle(event);
    // Marked only once handled: a failure answers 5xx and the provider delivers the event again.
    await this.events.markHandled(event.id, event.type);
    return { received: true, duplicate: false };
  }

  private async handle(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = toGatewayIntent(event.data.object);
        if (!intent.metadata.email || !intent.metadata.classId || !intent.metadata.selectionId) return; // not ours
        const outcome = await this.settlement.settle(intent);
        this.logger.log(
          `Event ${event.id}: ${intent.id} ${outcome.kind === 'recorded' ? 'recorded' : `refused (${outcome.reason})`}`,
        );
        return;
      }
      case 'charge.refunded': {
        // Only a full refund ends the enrolment; a partial one is a goodwill gesture.
        if (!event.data.object.refunded) return;
        const intentId = intentIdOf(event.data.object.payment_intent);
        if (intentId) await this.settlement.revoke(intentId, 'refunded_at_provider');
        return;
      }
      case 'charge.dispute.created': {
        const intentId = intentIdOf(event.data.object.payment_intent);
        if (intentId) await this.settlement.revoke(intentId, 'disputed');
        return;
      }
      default:
        return; // other event types are acknowledged and ignored
    }
  }
}
