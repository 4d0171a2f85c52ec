import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength } from 'class-validator';

export class AttendanceDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a72', description: "A roster row's participantId" })
  @IsString({ message: 'participantId is required' })
  @MaxLength(64, { message: 'participantId is not on this roster' })
  participantId: string;

  @ApiProperty({ example: '2027-07-06', description: "A session day of the class ('YYYY-MM-DD')" })
  @IsString({ message: 'date must be a day, e.g. 2027-07-06' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a day, e.g. 2027-07-06' })
  date: string;

  @ApiProperty()
  @IsBoolean({ message: 'present must be true or false' })
  present: boolean;
}
