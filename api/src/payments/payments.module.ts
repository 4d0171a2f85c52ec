import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ClassesModule } from '../classes/classes.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SelectionsModule } from '../selections/selections.module';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { SandboxIntentRecord, SandboxIntentSchema } from './gateway/sandbox-intent.schema';
import { SandboxGateway } from './gateway/sandbox.gateway';
import { StripeGateway } from './gateway/stripe.gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsRepositoryModule } from './payments-repository.module';
import { PaymentsService } from './payments.service';
import { SandboxController } from './sandbox.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: SandboxIntentRecord.name, schema: SandboxIntentSchema }]),
    PaymentsRepositoryModule,
    SelectionsModule,
    ClassesModule,
  ],
  controllers: [PaymentsController, SandboxController],
  providers: [
    SandboxGateway,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, SandboxGateway],
      useFactory: (config: AppConfig, sandbox: SandboxGateway) => {
        if (config.stripeSecretKey) return new StripeGateway(config);
        // Config validation already refuses this; kept here so no other path can enable it.
        if (config.production) throw new Error('The payment sandbox is refused when NODE_ENV=production');
        return sandbox;
      },
    },
    PaymentsService,
  ],
})
export class PaymentsModule {}
