import type {
  CreateIntentInput,
  CreatePlanIntentInput,
  GatewayIntent,
  OffSessionChargeInput,
  OffSessionOutcome,
  PaymentGateway,
} from './payment-gateway';
import { isNoCard, type NoCardIntents } from './no-card-intents.repository';

/**
 * The gateway the payments domain uses: the card provider (Stripe or the sandbox), except for intents with nothing
 * to charge, which are our own (NoCardIntents). The ledger settles both the same way.
 */
export class RoutedGateway implements PaymentGateway {
  readonly kind: PaymentGateway['kind'];

  constructor(
    private readonly card: PaymentGateway,
    private readonly noCard: NoCardIntents,
  ) {
    this.kind = card.kind;
  }

  createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    return input.amount === 0 ? this.noCard.create(input) : this.card.createIntent(input);
  }

  retrieveIntent(id: string): Promise<GatewayIntent | null> {
    return isNoCard(id) ? this.noCard.find(id) : this.card.retrieveIntent(id);
  }

  refund(intentId: string, amount?: number): Promise<void> {
    return isNoCard(intentId) ? this.noCard.refund(intentId) : this.card.refund(intentId, amount);
  }

  cancelIntent(intentId: string): Promise<GatewayIntent | null> {
    return isNoCard(intentId) ? this.noCard.cancel(intentId) : this.card.cancelIntent(intentId);
  }

  createCustomer(email: string): Promise<string> {
    return this.card.createCustomer(email);
  }

  createPlanIntent(input: CreatePlanIntentInput): Promise<GatewayIntent> {
    return this.card.createPlanIntent(input);
  }

  chargeSaved(input: OffSessionChargeInput): Promise<OffSessionOutcome> {
    return this.card.chargeSaved(input);
  }

  /** The family confirms a payment with nothing to charge (their Pay); null when it is not such a payment. */
  confirmNoCard(intentId: string, email: string): Promise<GatewayIntent | null> {
    return isNoCard(intentId) ? this.noCard.confirm(intentId, email) : Promise.resolve(null);
  }
}
