import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class LiveStreamQueryDto {
  @ApiProperty({ description: 'A ticket from POST /live/ticket (single use, valid for 30 seconds)' })
  @IsString({ message: 'ticket is required' })
  @Matches(/^[\w-]{20,100}$/, { message: 'ticket must be a ticket from POST /live/ticket' })
  ticket: string;
}

export class LiveTicketResponse {
  @ApiProperty({ description: 'Opens one stream: GET /live/stream?ticket=...' }) ticket: string;
  @ApiProperty({ type: String, format: 'date-time' }) expiresAt: Date;
}
