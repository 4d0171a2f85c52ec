import { ApiProperty } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import type { CamperWaiver, SignatureListItem, SignatureView, WaiverVersion } from './waiver.model';

export class WaiverVersionResponse implements WaiverVersion {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ example: 'Participation waiver' }) title: string;
  @ApiProperty({ description: 'Plain text; line breaks are kept' }) text: string;
  @ApiProperty({ type: String, format: 'date-time' }) publishedAt: Date;
  @ApiProperty({ example: 'admin@sportify.camp' }) publishedBy: string;
}

export class CurrentWaiverResponse {
  @ApiProperty({ type: WaiverVersionResponse, nullable: true, description: 'null: no waiver is published yet' })
  current: WaiverVersionResponse | null;
}

export const WaiverVersionPageResponse = PageResponse(WaiverVersionResponse, 'WaiverVersionPageResponse');

export class SignatureResponse implements SignatureView {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty() camperId: string;
  @ApiProperty({ example: 'Ava Rivers' }) camperName: string;
  @ApiProperty({ example: 'Rosa Rivers' }) typedName: string;
  @ApiProperty({ type: String, format: 'date-time' }) signedAt: Date;
}

export class SignatureListItemResponse extends SignatureResponse implements SignatureListItem {
  @ApiProperty({ example: 'Participation waiver' }) title: string;
  @ApiProperty({ example: 'rosa@example.com' }) accountEmail: string;
}

export const SignaturePageResponse = PageResponse(SignatureListItemResponse, 'SignaturePageResponse');

export class CamperWaiverResponse implements CamperWaiver {
  @ApiProperty() camperId: string;
  @ApiProperty({ example: 'Ava Rivers' }) camperName: string;
  @ApiProperty({ type: Number, nullable: true, example: 2 }) signedVersion: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) signedAt: Date | null;
  @ApiProperty({ description: 'Signed the current version (true when no waiver is published)' }) upToDate: boolean;
}

export class FamilyWaiversResponse {
  @ApiProperty({ type: WaiverVersionResponse, nullable: true, description: 'null: no waiver is published yet' })
  current: WaiverVersionResponse | null;
  @ApiProperty({
    type: [CamperWaiverResponse],
    description: "Each of the caller's campers, in the order they were added",
  })
  campers: CamperWaiverResponse[];
}
