import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { PictureRefResponse } from '../pictures/picture.responses';
import type { AdminClassPage } from './classes.service';
import {
  CLASS_STATUSES,
  INSTALLMENTS_MAX,
  SESSIONS_MAX,
  type CampClass,
  type ClassStatus,
  type PublicClass,
} from './class.model';

export class PublicClassResponse implements PublicClass {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Soccer Fundamentals' }) className: string;
  @ApiProperty({
    example: 'http://localhost:3000/pictures/3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a/960.jpg',
    description: "The picture's URL: the site's own once `picture` is ready, else the URL as given",
  })
  classImage: string;
  @ApiProperty({ type: PictureRefResponse }) picture: PictureRefResponse;
  @ApiProperty({ example: 'Jordan Lee' }) instructorName: string;
  @ApiProperty({ example: 'jordan@sportify.camp' }) instructorEmail: string;
  @ApiProperty({ example: 12, description: 'Available seats; 0 means full' }) seats: number;
  @ApiProperty({ example: 120, description: 'Dollars' }) price: number;
  @ApiProperty({ example: 19 }) enrolled: number;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    example: '2027-07-06T13:00:00.000Z',
    description: 'When the first session starts; absent for a class without a date',
  })
  startDate?: Date;
  @ApiPropertyOptional({ example: 4, minimum: 1, maximum: SESSIONS_MAX, description: 'Weekly sessions; absent: one' })
  sessions?: number;
  @ApiPropertyOptional({ example: 8, minimum: 0, maximum: 99, description: 'Youngest age admitted, at the start date' })
  minAge?: number;
  @ApiPropertyOptional({ example: 12, minimum: 0, maximum: 99, description: 'Oldest age admitted, at the start date' })
  maxAge?: number;
  @ApiPropertyOptional({ example: 50, description: 'Dollars paid first with the payment plan (with installments)' })
  deposit?: number;
  @ApiPropertyOptional({ example: 3, minimum: 1, maximum: INSTALLMENTS_MAX, description: 'Payments after the deposit' })
  installments?: number;
  @ApiPropertyOptional({ example: 80, description: 'Early-bird price (dollars), until the end of earlyBirdUntil' })
  earlyBirdPrice?: number;
  @ApiPropertyOptional({ example: '2027-05-31', description: "The early-bird price's last day (camp date)" })
  earlyBirdUntil?: string;
}

export class ClassResponse extends PublicClassResponse implements CampClass {
  @ApiProperty({ example: 31, description: 'Seats in all: available seats plus enrolled students' }) capacity: number;
  @ApiProperty({ example: 0, description: 'Seats held for waitlisted students who have not paid yet' }) held: number;
  @ApiProperty({ enum: CLASS_STATUSES }) status: ClassStatus;
  @ApiProperty({ type: String, format: 'date-time' }) date: Date;
  @ApiProperty({ description: "The admin's feedback ('' when none)" }) feedback: string;
}

export class PublicClassPageResponse extends PageResponse(PublicClassResponse, 'PublicClassPage') {}
export class ClassPageResponse extends PageResponse(ClassResponse, 'ClassPage') {}

export class ClassStatusCountsResponse implements Record<ClassStatus, number> {
  @ApiProperty({ example: 3 }) pending: number;
  @ApiProperty({ example: 9 }) approved: number;
  @ApiProperty({ example: 2 }) denied: number;
}

export class AdminClassPageResponse extends ClassPageResponse implements AdminClassPage {
  @ApiProperty({ type: ClassStatusCountsResponse, description: 'Classes of each status matching q (the status tabs)' })
  counts: ClassStatusCountsResponse;
}
