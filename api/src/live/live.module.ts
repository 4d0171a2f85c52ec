import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { HealthModule } from '../health/health.module';
import { LiveController } from './live.controller';
import { LiveFeed } from './live-feed';
import { LiveRepository } from './live.repository';
import { LiveEventRecord, LiveEventSchema, LiveTicketRecord, LiveTicketSchema } from './live.schema';

/** Live updates to the families' pages (Server-Sent Events fed from the database), for any domain to publish to. */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LiveEventRecord.name, schema: LiveEventSchema },
      { name: LiveTicketRecord.name, schema: LiveTicketSchema },
    ]),
    HealthModule,
  ],
  controllers: [LiveController],
  providers: [LiveRepository, LiveFeed],
  exports: [LiveFeed],
})
export class LiveModule {}
