import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ENTRY_STATES, type EntryState, type WaitlistPlace } from './waitlist.model';

export class WaitlistPlaceResponse implements WaitlistPlace {
  @ApiProperty() classId: string;
  @ApiProperty({ example: 2, description: '1 for the first waiting; 0 while a held seat is offered to the student' })
  position: number;
  @ApiProperty({ enum: ENTRY_STATES }) state: EntryState;
  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'While offered: the seat is held until then' })
  heldUntil?: Date;
  @ApiPropertyOptional({ description: 'The camper waiting; absent: the account holder itself' }) camperId?: string;
  @ApiPropertyOptional({ example: 'Leo Chen' }) camperName?: string;
}

export class WaitlistCountsResponse {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { '665f1c2e9b1e8a3d4c5b6a71': 2 },
    description: 'Students on the waitlist (waiting or offered a held seat) per class id',
  })
  counts: Record<string, number>;
}
