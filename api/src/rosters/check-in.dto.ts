import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CheckInDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a72', description: "A roster row's participantId" })
  @IsString({ message: 'participantId is required' })
  @MaxLength(64, { message: "Not on this class's roster" })
  participantId: string;

  @ApiProperty({ example: '2027-07-06', description: "Today's session of the class ('YYYY-MM-DD')" })
  @IsString({ message: 'date must be a day, e.g. 2027-07-06' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a day, e.g. 2027-07-06' })
  date: string;
}

export class CheckOutDto extends CheckInDto {
  @ApiPropertyOptional({
    example: '665f1c2e9b1e8a3d4c5b6a80',
    description: "One of the camper's authorised pick-ups; absent for an account holder enrolled for itself",
  })
  @IsOptional()
  @IsString({ message: 'pickupId must be a pick-up id' })
  @Matches(/^[a-f0-9]{24}$/i, { message: 'pickupId must be a pick-up id' })
  pickupId?: string;
}
