import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CampersModule } from '../campers/campers.module';
import { ClassesModule } from '../classes/classes.module';
import { PaymentsModule } from '../payments/payments.module';
import { MessageFanOut } from './message-fan-out';
import { ClassMessageRecord, ClassMessageSchema, MessageReadRecord, MessageReadSchema } from './message.schema';
import { ClassMessagesController, MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ClassMessageRecord.name, schema: ClassMessageSchema },
      { name: MessageReadRecord.name, schema: MessageReadSchema },
    ]),
    ClassesModule,
    PaymentsModule,
    CampersModule,
  ],
  controllers: [ClassMessagesController, MessagesController],
  providers: [MessagesRepository, MessagesService, MessageFanOut],
  exports: [MessageFanOut],
})
export class MessagesModule {}
