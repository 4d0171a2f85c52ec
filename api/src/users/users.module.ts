import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ClassesModule } from '../classes/classes.module';
import { InstructorsController } from './instructors.controller';
import { PendingRoleRecord, PendingRoleSchema, RoleGrantRecord, RoleGrantSchema } from './role-grant.schema';
import { RoleGrantsRepository } from './role-grants.repository';
import { RoleGrants } from './role-grants.service';
import { UserRecord, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** The users and the record of their roles (also what `npm run admin:grant` opens). */
export const USER_MODELS = [
  { name: UserRecord.name, schema: UserSchema },
  { name: RoleGrantRecord.name, schema: RoleGrantSchema },
  { name: PendingRoleRecord.name, schema: PendingRoleSchema },
];

@Module({
  imports: [MongooseModule.forFeature(USER_MODELS), ClassesModule],
  controllers: [UsersController, InstructorsController],
  providers: [UsersRepository, RoleGrantsRepository, RoleGrants, UsersService],
  exports: [UsersRepository],
})
export class UsersModule {}
