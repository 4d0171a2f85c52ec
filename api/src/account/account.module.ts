import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountLedger } from './account-ledger';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { MovementRecord, MovementSchema } from './movement.schema';
import { MovementsRepository } from './movements.repository';

/** The families' accounts: their money movements, credit, statement and receipts (My Account). */
@Module({
  imports: [MongooseModule.forFeature([{ name: MovementRecord.name, schema: MovementSchema }])],
  controllers: [AccountController],
  providers: [MovementsRepository, AccountLedger, AccountService],
  exports: [AccountLedger, MovementsRepository, AccountService],
})
export class AccountModule {}
