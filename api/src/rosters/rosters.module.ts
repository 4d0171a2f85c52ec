import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { WaiversModule } from '../waivers/waivers.module';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceRecord, AttendanceSchema } from './attendance.schema';
import { CheckInRecord, CheckInSchema } from './check-in.schema';
import { CheckInsController } from './check-ins.controller';
import { CheckInsRepository } from './check-ins.repository';
import { CheckInsService } from './check-ins.service';
import { RostersController } from './rosters.controller';
import { RostersService } from './rosters.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: AttendanceRecord.name, schema: AttendanceSchema },
      { name: CheckInRecord.name, schema: CheckInSchema },
    ]),
    ClassesModule,
    PaymentsModule,
    CampersModule,
    UsersModule,
    WaiversModule,
  ],
  controllers: [RostersController, CheckInsController],
  providers: [AttendanceRepository, CheckInsRepository, RostersService, CheckInsService],
})
export class RostersModule {}
