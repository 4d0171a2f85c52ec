import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CamperRecord, CamperSchema } from './camper.schema';
import { CampersController } from './campers.controller';
import { CampersRepository } from './campers.repository';
import { CampersService } from './campers.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: CamperRecord.name, schema: CamperSchema }])],
  controllers: [CampersController],
  providers: [CampersRepository, CampersService],
  exports: [CampersService],
})
export class CampersModule {}
