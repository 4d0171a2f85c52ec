import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { ForbiddenWithoutSession } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { ParseObjectIdPipe } from '../common/object-id';
import { PageQueryDto, type Paged } from '../common/paging';
import { SendMessageDto } from './message.dto';
import type { InboxMessage, SentMessage } from './message.model';
import {
  InboxPageResponse,
  MessageReadResponse,
  SentMessagePageResponse,
  SentMessageResponse,
  UnreadCountResponse,
} from './message.responses';
import { MessagesService, NOT_THE_SENDER } from './messages.service';

/** A class's messages to its families: its instructor and admins write them and see their history. */
@ApiTags('messages')
@ApiBearerAuth('api')
@Roles('instructor', 'admin')
@ForbiddenWithoutSession(NOT_THE_SENDER)
@ApiForbiddenResponse({ description: "Not the class's instructor or an admin, or no session at all" })
@ApiNotFoundResponse({ description: 'No such class' })
@Controller('classes')
export class ClassMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post(':id/messages')
  @ApiCreatedResponse({
    type: SentMessageResponse,
    description: 'Sent: in each family’s Messages, e-mailed to each once',
  })
  @ApiConflictResponse({ description: 'Nobody is enrolled in the class yet' })
  send(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: SendMessageDto,
  ): Promise<SentMessage> {
    return this.messages.send(caller, id, dto);
  }

  @Get(':id/messages')
  @ApiOkResponse({ type: SentMessagePageResponse, description: "The class's messages, newest first" })
  history(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
    @Query() query: PageQueryDto,
  ): Promise<Paged<SentMessage>> {
    return this.messages.history(caller, id, query);
  }
}

/** The caller's own messages (a family's; nobody else is sent any). */
@ApiTags('messages')
@ApiBearerAuth('api')
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @ApiOkResponse({ type: InboxPageResponse, description: 'Messages sent to the caller, newest first' })
  inbox(@CurrentCaller() caller: Caller, @Query() query: PageQueryDto): Promise<Paged<InboxMessage>> {
    return this.messages.inbox(caller, query);
  }

  @Get('unread')
  @ApiOkResponse({ type: UnreadCountResponse, description: 'How many of them the caller has not read' })
  unread(@CurrentCaller() caller: Caller): Promise<{ unread: number }> {
    return this.messages.unread(caller);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageReadResponse })
  @ApiNotFoundResponse({ description: 'No such message sent to the caller' })
  markRead(
    @CurrentCaller() caller: Caller,
    @Param('id', ParseObjectIdPipe) id: string,
  ): Promise<{ _id: string; read: boolean }> {
    return this.messages.markRead(caller, id);
  }
}
