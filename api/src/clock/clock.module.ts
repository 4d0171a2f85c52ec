import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { AppConfig } from '../config/config';
import { DevClockController } from './clock.controller';
import { ClockRepository } from './clock.repository';
import { ClockOffsetRecord, ClockOffsetSchema } from './clock.schema';
import { Clock } from './clock.service';

/** The camp's clock, for every domain; its development controller exists in development mode only. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ClockModule,
      imports: [MongooseModule.forFeature([{ name: ClockOffsetRecord.name, schema: ClockOffsetSchema }])],
      controllers: config.developmentMode ? [DevClockController] : [],
      providers: [ClockRepository, Clock],
      exports: [Clock],
    };
  }
}
