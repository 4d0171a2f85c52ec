import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { SelectionsModule } from '../selections/selections.module';
import { OffersRepository } from './offers.repository';
import { WaitlistController } from './waitlist.controller';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { WaitlistEntryRecord, WaitlistEntrySchema } from './waitlist-entry.schema';
import { OfferRecord, OfferSchema } from './waitlist-offer.schema';
import { WaitlistSweeper } from './waitlist-sweeper.service';
import { WaitlistService } from './waitlist.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: WaitlistEntryRecord.name, schema: WaitlistEntrySchema },
      { name: OfferRecord.name, schema: OfferSchema },
    ]),
    ClassesModule,
    SelectionsModule,
    CampersModule,
  ],
  controllers: [WaitlistController],
  providers: [WaitlistEntriesRepository, OffersRepository, WaitlistService, WaitlistSweeper],
  exports: [WaitlistService, WaitlistSweeper],
})
export class WaitlistModule {}
