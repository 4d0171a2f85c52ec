import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ClassRecord, ClassSchema } from './class.schema';
import { ClassesController } from './classes.controller';
import { ClassesRepository } from './classes.repository';
import { ClassesService } from './classes.service';
import { SeatsRepository } from './seats.repository';

@Module({
  imports: [MongooseModule.forFeature([{ name: ClassRecord.name, schema: ClassSchema }])],
  controllers: [ClassesController],
  providers: [ClassesRepository, SeatsRepository, ClassesService],
  exports: [ClassesRepository, ClassesService],
})
export class ClassesModule {}
