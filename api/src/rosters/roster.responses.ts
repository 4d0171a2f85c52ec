import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AttendanceSaved, Roster, RosterRow } from './roster.model';

const ATTENDANCE = {
  type: 'object',
  additionalProperties: { type: 'boolean' },
  example: { '2027-07-06': true },
  description: 'Session day -> present; a day not taken yet is absent',
} as const;

export class RosterRowResponse implements RosterRow {
  @ApiProperty({ description: "The camper's id, or self:{paymentId} for an account holder enrolled for itself" })
  participantId: string;
  @ApiProperty({ example: 'Leo Chen' }) name: string;
  @ApiPropertyOptional() camperId?: string;
  @ApiProperty({ type: Number, nullable: true, example: 9, description: "Today's age; null for an account holder" })
  age: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 9, description: "Age on the class's start day" })
  ageAtStart: number | null;
  @ApiProperty({ example: 'Peanut allergy' }) notes: string;
  @ApiProperty({ example: 'Mia Chen' }) emergencyContact: string;
  @ApiProperty({ example: '+1 555 0100' }) emergencyPhone: string;
  @ApiProperty(ATTENDANCE) attendance: Record<string, boolean>;
}

export class RosterResponse implements Roster {
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ type: [String], example: ['2027-07-06', '2027-07-13'] }) sessions: string[];
  @ApiProperty({ type: [RosterRowResponse] }) campers: RosterRowResponse[];
}

export class AttendanceSavedResponse implements AttendanceSaved {
  @ApiProperty() participantId: string;
  @ApiProperty(ATTENDANCE) attendance: Record<string, boolean>;
}
