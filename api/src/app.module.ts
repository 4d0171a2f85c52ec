import { DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { AccountModule } from './account/account.module';
import { ClientBudgetsModule } from './auth/client-budgets';
import { CampersModule } from './campers/campers.module';
import { ClassesModule } from './classes/classes.module';
import { ClockModule } from './clock/clock.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { PublicCacheModule } from './common/public-cache.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DiscountsModule } from './discounts/discounts.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { LiveModule } from './live/live.module';
import { MailModule, MailSenderModule } from './mail/mail.module';
import { MessagesModule } from './messages/messages.module';
import { MetricsModule } from './metrics/metrics.module';
import { PaymentsModule } from './payments/payments.module';
import { PicturesModule } from './pictures/pictures.module';
import { RostersModule } from './rosters/rosters.module';
import { SelectionsModule } from './selections/selections.module';
import { TelemetryModule } from './telemetry/telemetry.module';
import { UsersModule } from './users/users.module';
import { WaitlistModule } from './waitlist/waitlist.module';
import { WaiversModule } from './waivers/waivers.module';

@Module({})
export class AppModule {
  /** The whole API for a validated configuration (main.ts reads it from the environment; tests build their own). */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MetricsModule,
        DatabaseModule,
        ClockModule.forRoot(config),
        JobsModule,
        PublicCacheModule,
        ClientBudgetsModule,
        MailModule,
        MailSenderModule,
        LiveModule,
        PicturesModule,
        AuthModule,
        UsersModule,
        ClassesModule,
        CampersModule,
        SelectionsModule,
        DiscountsModule,
        AccountModule,
        PaymentsModule,
        WaitlistModule,
        RostersModule,
        WaiversModule,
        MessagesModule,
        HealthModule,
        TelemetryModule,
      ],
      providers: [
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({
            whitelist: true,
            forbidNonWhitelisted: true,
            transform: true,
            // Types must already be right: no string-to-number guessing, and no operator objects sneaking through.
            transformOptions: { enableImplicitConversion: false },
            validationError: { target: false, value: false },
          }),
        },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
