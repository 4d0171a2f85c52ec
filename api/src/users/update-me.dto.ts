import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsHttpUrl, PictureIdField } from '../common/dto-rules';

/** The caller's own profile: their name and photo (a URL the API imports, or an uploaded picture). */
export class UpdateMeDto {
  @ApiPropertyOptional({ example: 'Mia Chen' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  userName?: string;

  @ApiPropertyOptional({
    example: 'https://example.com/mia.jpg',
    description: 'The photo as a URL, imported by the API after the save',
  })
  @IsOptional()
  @IsHttpUrl()
  userPhoto?: string;

  @PictureIdField()
  pictureId?: string;
}
