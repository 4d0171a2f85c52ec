import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TelemetryController } from './telemetry.controller';
import { TelemetryRepository } from './telemetry.repository';
import {
  ErrorReportRecord,
  ErrorReportSchema,
  RecentErrorsRecord,
  RecentErrorsSchema,
  ReleaseClientRecord,
  ReleaseClientSchema,
  ReleaseCountRecord,
  ReleaseCountSchema,
  ReportMarkRecord,
  ReportMarkSchema,
} from './telemetry.schema';
import { TelemetryService } from './telemetry.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ReleaseCountRecord.name, schema: ReleaseCountSchema },
      { name: ReportMarkRecord.name, schema: ReportMarkSchema },
      { name: RecentErrorsRecord.name, schema: RecentErrorsSchema },
      { name: ErrorReportRecord.name, schema: ErrorReportSchema },
      { name: ReleaseClientRecord.name, schema: ReleaseClientSchema },
    ]),
  ],
  controllers: [TelemetryController],
  providers: [TelemetryRepository, TelemetryService],
})
export class TelemetryModule {}
