import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import {
  WaiverSignatureRecord,
  WaiverSignatureSchema,
  WaiverVersionRecord,
  WaiverVersionSchema,
} from './waiver.schema';
import { WaiversController } from './waivers.controller';
import { WaiversRepository } from './waivers.repository';
import { WaiversService } from './waivers.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: WaiverVersionRecord.name, schema: WaiverVersionSchema },
      { name: WaiverSignatureRecord.name, schema: WaiverSignatureSchema },
    ]),
    CampersModule,
  ],
  controllers: [WaiversController],
  providers: [WaiversRepository, WaiversService],
  exports: [WaiversService],
})
export class WaiversModule {}
