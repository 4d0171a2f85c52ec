import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ClaimedJobRunner } from './claimed-job-runner';

/** The scheduler and the one runner of the claimed jobs (outbox, reconciliation, offers), for every domain. */
@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [ClaimedJobRunner],
  exports: [ClaimedJobRunner],
})
export class JobsModule {}
