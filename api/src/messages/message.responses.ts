import { ApiProperty } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import type { InboxMessage, SentMessage } from './message.model';

export class SentMessageResponse implements SentMessage {
  @ApiProperty() _id: string;
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Tomorrow: field 3, 9:30' }) subject: string;
  @ApiProperty({ description: 'Plain text; line breaks kept' }) body: string;
  @ApiProperty({ example: 'Jordan Lee' }) senderName: string;
  @ApiProperty({ type: String, format: 'date-time' }) sentAt: Date;
  @ApiProperty({ example: 12, description: 'Families it was sent to (each once)' }) recipients: number;
}

export const SentMessagePageResponse = PageResponse(SentMessageResponse, 'SentMessagePageResponse');

export class InboxMessageResponse implements InboxMessage {
  @ApiProperty() _id: string;
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 'Tomorrow: field 3, 9:30' }) subject: string;
  @ApiProperty({ description: 'Plain text; line breaks kept' }) body: string;
  @ApiProperty({ example: 'Jordan Lee' }) senderName: string;
  @ApiProperty({ type: String, format: 'date-time' }) sentAt: Date;
  @ApiProperty() read: boolean;
}

export const InboxPageResponse = PageResponse(InboxMessageResponse, 'InboxPageResponse');

export class UnreadCountResponse {
  @ApiProperty({ example: 2 }) unread: number;
}

export class MessageReadResponse {
  @ApiProperty() _id: string;
  @ApiProperty({ example: true }) read: boolean;
}
