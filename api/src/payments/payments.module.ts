import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountModule } from '../account/account.module';
import { CampersModule } from '../campers/campers.module';
import { DiscountsModule } from '../discounts/discounts.module';
import { BalancePaymentRecord, BalancePaymentSchema } from './balance-payment.schema';
import { BalancePayments } from './balance-payments';
import { BalancePaymentsRepository } from './balance-payments.repository';
import { CheckoutPricing } from './checkout-pricing';
import { CustomerRecord, CustomerSchema } from './customer.schema';
import { Customers } from './customers.repository';
import { EnrolmentMoney } from './enrolment-money';
import { NoCardIntentRecord, NoCardIntentSchema } from './gateway/no-card-intent.schema';
import { RoutedGateway } from './gateway/no-card.gateway';
import { NoCardIntents } from './gateway/no-card-intents.repository';
import { InstallmentCharges } from './installment-charges.service';
import { InstallmentRecord, InstallmentSchema } from './installment.schema';
import { InstallmentsRepository } from './installments.repository';
import { Plans } from './plans';
import { ClassesModule } from '../classes/classes.module';
import { CheckoutService } from './checkout.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { SelectionsModule } from '../selections/selections.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { WaiversModule } from '../waivers/waivers.module';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import {
  SandboxCardRecord,
  SandboxCardSchema,
  SandboxIntentRecord,
  SandboxIntentSchema,
} from './gateway/sandbox-intent.schema';
import { SandboxIntentsRepository } from './gateway/sandbox-intents.repository';
import { SandboxGateway } from './gateway/sandbox.gateway';
import { StripeGateway } from './gateway/stripe.gateway';
import { LedgerCheckService } from './ledger-check';
import { LedgerCheckResultRecord, LedgerCheckResultSchema } from './ledger-check-result.schema';
import { LedgerCheckResults } from './ledger-check-results.repository';
import { LedgerMetrics } from './ledger-metrics';
import { LedgerCheckRepository } from './ledger-check.repository';
import { PaymentRecord, PaymentSchema } from './payment.schema';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { ProviderEventRecord, ProviderEventSchema } from './provider-event.schema';
import { ProviderEventsRepository } from './provider-events.repository';
import { ProviderEventsService } from './provider-events.service';
import { ReconciliationService } from './reconciliation.service';
import { SandboxController } from './sandbox.controller';
import { SandboxService } from './sandbox.service';
import { SettlementRecord, SettlementSchema } from './settlement.schema';
import { Refunds } from './refunds';
import { SettlementClaims } from './settlement-claims';
import { SettlementMail } from './settlement-mail';
import { SettlementProbe } from './settlement-probe';
import { SettlementSteps } from './settlement-steps';
import { SettlementService } from './settlement.service';
import { SettlementsRepository } from './settlements.repository';
import { WebhookController } from './webhook.controller';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PaymentRecord.name, schema: PaymentSchema },
      { name: SettlementRecord.name, schema: SettlementSchema },
      { name: ProviderEventRecord.name, schema: ProviderEventSchema },
      { name: SandboxIntentRecord.name, schema: SandboxIntentSchema },
      { name: LedgerCheckResultRecord.name, schema: LedgerCheckResultSchema },
      { name: SandboxCardRecord.name, schema: SandboxCardSchema },
      { name: NoCardIntentRecord.name, schema: NoCardIntentSchema },
      { name: InstallmentRecord.name, schema: InstallmentSchema },
      { name: CustomerRecord.name, schema: CustomerSchema },
      { name: BalancePaymentRecord.name, schema: BalancePaymentSchema },
    ]),
    AccountModule,
    DiscountsModule,
    SelectionsModule,
    ClassesModule,
    CampersModule,
    WaitlistModule,
    WaiversModule,
  ],
  controllers: [PaymentsController, SandboxController, WebhookController],
  providers: [
    SandboxIntentsRepository,
    SandboxGateway,
    NoCardIntents,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, SandboxGateway, NoCardIntents],
      useFactory: (config: AppConfig, sandbox: SandboxGateway, noCard: NoCardIntents) => {
        if (config.stripeSecretKey) return new RoutedGateway(new StripeGateway(config), noCard);
        // Config validation already refuses this; kept here so no other path can enable it.
        if (!config.developmentMode)
          throw new Error('The payment sandbox is refused outside development mode (SPORTIFY_DEV_MODE=1)');
        return new RoutedGateway(sandbox, noCard);
      },
    },
    Customers,
    InstallmentsRepository,
    EnrolmentMoney,
    Plans,
    CheckoutPricing,
    BalancePaymentsRepository,
    BalancePayments,
    InstallmentCharges,
    PaymentsRepository,
    SettlementsRepository,
    ProviderEventsRepository,
    SettlementProbe,
    SettlementClaims,
    Refunds,
    SettlementMail,
    SettlementSteps,
    SettlementService,
    ProviderEventsService,
    CheckoutService,
    PaymentsService,
    SandboxService,
    ReconciliationService,
    LedgerCheckRepository,
    LedgerCheckService,
    LedgerCheckResults,
    LedgerMetrics,
  ],
  exports: [ReconciliationService, PaymentsService],
})
export class PaymentsModule {}
