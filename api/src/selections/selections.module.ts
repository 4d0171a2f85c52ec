import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { SelectionRecord, SelectionSchema } from './selection.schema';
import { SelectionsController } from './selections.controller';
import { SelectionsRepository } from './selections.repository';
import { SelectionsService } from './selections.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: SelectionRecord.name, schema: SelectionSchema }]),
    ClassesModule,
    CampersModule,
  ],
  controllers: [SelectionsController],
  providers: [SelectionsRepository, SelectionsService],
  exports: [SelectionsService],
})
export class SelectionsModule {}
