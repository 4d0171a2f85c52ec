import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import type { Selection } from './selection.model';

export class SelectionResponse implements Selection {
  @ApiProperty() _id: string;
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ example: 'Jordan Lee' }) instructorName: string;
  @ApiProperty({ example: 12 }) seats: number;
  @ApiProperty({ example: 'mia@sportify.camp' }) studentEmail: string;
  @ApiProperty({ example: 120 }) price: number;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'A seat is held for the student (a waitlist offer) until then',
  })
  heldUntil?: Date;
  @ApiPropertyOptional({ description: 'The camper the seat is for; absent: the account holder itself' })
  camperId?: string;
  @ApiPropertyOptional({ example: 'Leo Chen' }) camperName?: string;
}

export class SelectionPageResponse extends PageResponse(SelectionResponse, 'SelectionPage') {}
