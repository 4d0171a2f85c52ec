import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TelemetryController } from './telemetry.controller';
import { TelemetryRepository } from './telemetry.repository';
import { ErrorReportRecord, ErrorReportSchema, LoadCountRecord, LoadCountSchema } from './telemetry.schema';
import { TelemetryService } from './telemetry.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LoadCountRecord.name, schema: LoadCountSchema },
      { name: ErrorReportRecord.name, schema: ErrorReportSchema },
    ]),
  ],
  controllers: [TelemetryController],
  providers: [TelemetryRepository, TelemetryService],
})
export class TelemetryModule {}
