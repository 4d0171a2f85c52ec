import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ClassesModule } from '../classes/classes.module';
import { DiscountSettingsRecord, DiscountSettingsSchema } from './discount-settings.schema';
import { DiscountSettingsRepository } from './discount-settings.repository';
import { DiscountsController } from './discounts.controller';
import { DiscountsService } from './discounts.service';
import { PromoCodeRecord, PromoCodeSchema } from './promo-code.schema';
import { PromoCodesRepository } from './promo-codes.repository';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PromoCodeRecord.name, schema: PromoCodeSchema },
      { name: DiscountSettingsRecord.name, schema: DiscountSettingsSchema },
    ]),
    ClassesModule,
  ],
  controllers: [DiscountsController],
  providers: [PromoCodesRepository, DiscountSettingsRepository, DiscountsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
