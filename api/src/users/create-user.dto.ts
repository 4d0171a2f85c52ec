import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsHttpUrl, PictureIdField } from '../common/dto-rules';
import { GENDERS, type Gender } from './user.model';

export class CreateUserDto {
  @ApiPropertyOptional({
    example: 'Mia Chen',
    description: 'Defaults to the part of the e-mail before @ (Google sign-in may have no name)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  userName?: string;

  @ApiProperty({ example: 'mia@sportify.camp', description: "Must be the caller's own e-mail" })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({
    example: 'https://example.com/mia.jpg',
    description: "The photo as a URL (typed, or the sign-in provider's), imported by the API after the save",
  })
  @IsOptional()
  @IsHttpUrl()
  userPhoto?: string;

  @PictureIdField()
  pictureId?: string;

  @ApiPropertyOptional({ enum: GENDERS, description: 'Absent after Google sign-in' })
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;

  /** Accepted and ignored: roles are only given by an admin. */
  @ApiPropertyOptional({ description: 'Ignored: roles are only given by an admin' })
  @Allow()
  role?: unknown;
}
