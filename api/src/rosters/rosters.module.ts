import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceRecord, AttendanceSchema } from './attendance.schema';
import { RostersController } from './rosters.controller';
import { RostersService } from './rosters.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: AttendanceRecord.name, schema: AttendanceSchema }]),
    ClassesModule,
    PaymentsModule,
    CampersModule,
    UsersModule,
  ],
  controllers: [RostersController],
  providers: [AttendanceRepository, RostersService],
})
export class RostersModule {}
