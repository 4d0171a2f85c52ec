import { ApiProperty } from '@nestjs/swagger';
import type { CamperView, Pickup } from './camper.model';

export class PickupResponse implements Pickup {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Rosa Rivers' }) name: string;
  @ApiProperty({ example: 'Mother' }) relationship: string;
  @ApiProperty({ example: '+1 555 0142' }) phone: string;
}

export class CamperResponse implements CamperView {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Leo Chen' }) name: string;
  @ApiProperty({ example: '2017-05-14' }) dateOfBirth: string;
  @ApiProperty({ example: 9, description: "Today's age in the camp's time zone" }) age: number;
  @ApiProperty({ example: 'Peanut allergy', description: 'May be empty' }) notes: string;
  @ApiProperty({ example: 'Mia Chen' }) emergencyContact: string;
  @ApiProperty({ example: '+1 555 0100' }) emergencyPhone: string;
  @ApiProperty({ type: [PickupResponse], description: 'Who may collect the camper, in the order they were added' })
  pickups: PickupResponse[];
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}
