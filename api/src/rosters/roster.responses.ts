import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PickupResponse } from '../campers/camper.responses';
import type { WaiverState } from '../waivers/waiver.model';
import type { DayView, FamilyDay, PickedUpBy } from './check-in.model';
import type { AttendanceSaved, Roster, RosterRow } from './roster.model';

export class PickedUpByResponse implements PickedUpBy {
  @ApiProperty({ example: 'Rosa Rivers' }) name: string;
  @ApiProperty({ example: 'Mother' }) relationship: string;
}

export class DayViewResponse implements DayView {
  @ApiProperty({ type: String, format: 'date-time' }) checkedInAt: Date;
  @ApiProperty({ example: 'Jordan Lee', description: 'Who checked the camper in' }) checkedInBy: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) checkedOutAt?: Date;
  @ApiPropertyOptional({ example: 'Jordan Lee', description: 'Who checked the camper out' }) checkedOutBy?: string;
  @ApiPropertyOptional({ type: PickedUpByResponse, description: 'Absent for an account holder, who leaves alone' })
  pickedUpBy?: PickedUpByResponse;
}

export class FamilyDayResponse implements FamilyDay {
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty() participantId: string;
  @ApiPropertyOptional() camperId?: string;
  @ApiProperty({ example: 'Ava Rivers' }) name: string;
  @ApiProperty({ example: '2027-07-06' }) date: string;
  @ApiProperty({ type: String, format: 'date-time' }) checkedInAt: Date;
  @ApiProperty({ example: 'Jordan Lee' }) checkedInBy: string;
  @ApiPropertyOptional({ type: String, format: 'date-time' }) checkedOutAt?: Date;
  @ApiPropertyOptional({ type: PickedUpByResponse }) pickedUpBy?: PickedUpByResponse;
}

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
  @ApiProperty({ type: [PickupResponse], description: 'Who may collect the camper' }) pickups: PickupResponse[];
  @ApiProperty({
    type: String,
    enum: ['signed', 'missing'],
    nullable: true,
    description: 'The current waiver signed for the camper; null when none is published or for an account holder',
  })
  waiver: WaiverState;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/DayViewResponse' },
    description: 'Session day -> its check-in and check-out',
  })
  checkIns: Record<string, DayViewResponse>;
}

export class RosterResponse implements Roster {
  @ApiProperty() classId: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({ type: [String], example: ['2027-07-06', '2027-07-13'] }) sessions: string[];
  @ApiProperty({ example: '2027-07-06', description: "Today in the camp's time zone" }) today: string;
  @ApiProperty({ type: [RosterRowResponse] }) campers: RosterRowResponse[];
}

export class AttendanceSavedResponse implements AttendanceSaved {
  @ApiProperty() participantId: string;
  @ApiProperty(ATTENDANCE) attendance: Record<string, boolean>;
}
