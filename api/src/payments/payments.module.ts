import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { CheckoutService } from './checkout.service';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { SelectionsModule } from '../selections/selections.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { SandboxIntentRecord, SandboxIntentSchema } from './gateway/sandbox-intent.schema';
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
    ]),
    SelectionsModule,
    ClassesModule,
    CampersModule,
    WaitlistModule,
  ],
  controllers: [PaymentsController, SandboxController, WebhookController],
  providers: [
    SandboxIntentsRepository,
    SandboxGateway,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, SandboxGateway],
      useFactory: (config: AppConfig, sandbox: SandboxGateway) => {
        if (config.stripeSecretKey) return new StripeGateway(config);
        // Config validation already refuses this; kept here so no other path can enable it.
        if (!config.developmentMode)
          throw new Error('The payment sandbox is refused outside development mode (SPORTIFY_DEV_MODE=1)');
        return sandbox;
      },
    },
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
