import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ClassRecord, ClassSchema } from './class.schema';
import { ClassesController } from './classes.controller';
import { ClassesRepository } from './classes.repository';
import { ClassesService } from './classes.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: ClassRecord.name, schema: ClassSchema }])],
  controllers: [ClassesController],
  providers: [ClassesRepository, ClassesService],
  exports: [ClassesRepository, ClassesService],
})
export class ClassesModule {}
