import { DynamicModule, Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import type { AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { PublicCacheModule } from '../common/public-cache.module';
import { DatabaseModule } from '../database/database.module';
import { JobsModule } from '../jobs/jobs.module';
import { MetricsModule } from '../metrics/metrics.module';
import { MailModule } from '../mail/mail.module';
import { PicturesModule } from '../pictures/pictures.module';
import { UsersModule } from '../users/users.module';
import { AuthAccounts } from './auth-accounts';
import { SeedEnrolmentsRepository } from './seed-enrolments.repository';
import { SeedService } from './seed.service';

@Module({})
export class SeedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SeedModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        PublicCacheModule,
        MailModule,
        // The picture store (the seed holds its artwork), and the job runner its service registers with.
        MetricsModule,
        JobsModule,
        PicturesModule,
        UsersModule,
        ClassesModule,
      ],
      providers: [AuthAccounts, SeedEnrolmentsRepository, SeedService],
    };
  }
}
