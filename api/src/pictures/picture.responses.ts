import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PICTURE_STATUSES, type PictureRef, type PictureStatus } from './picture.model';

export class PictureRefResponse implements PictureRef {
  @ApiProperty({
    enum: PICTURE_STATUSES,
    description: 'pending: being imported (show a placeholder); ready: served at /pictures/{id}/...; failed: gave up',
  })
  status: PictureStatus;
  @ApiPropertyOptional({ example: '3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a', description: 'The content id, when ready' })
  id?: string;
  @ApiPropertyOptional({ description: 'Why the import gave up, when failed' })
  error?: string;
}

export class UploadedPictureResponse {
  @ApiProperty({ example: '3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a' }) id: string;
  @ApiProperty({ example: 1600 }) width: number;
  @ApiProperty({ example: 1000 }) height: number;
  @ApiProperty({
    example: 'http://localhost:3000/pictures/3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a/960.jpg',
    description: "The picture's served URL, as classImage / userPhoto carry it",
  })
  url: string;
}
