import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SelectionRecord, SelectionSchema } from './selection.schema';
import { SelectionsRepository } from './selections.repository';

@Module({
  imports: [MongooseModule.forFeature([{ name: SelectionRecord.name, schema: SelectionSchema }])],
  providers: [SelectionsRepository],
  exports: [SelectionsRepository],
})
export class SelectionsModule {}
