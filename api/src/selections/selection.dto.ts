import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsMongoId, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { CamperIdRules } from '../campers/camper.dto';

/**
 * The spec's client sends the class's name, instructor, seats and price too; they are accepted for compatibility
 * and ignored: the stored selection copies them from the class in the database.
 */
export class CreateSelectionDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a71' })
  @IsMongoId({ message: 'classId must be a class id' })
  classId: string;

  @CamperIdRules()
  camperId?: string;

  @ApiPropertyOptional({ description: "Must be the caller's own e-mail when sent" })
  @IsOptional()
  @IsEmail()
  studentEmail?: string;

  @ApiPropertyOptional({ description: 'Ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  className?: string;

  @ApiPropertyOptional({ description: 'Ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  instructorName?: string;

  @ApiPropertyOptional({ description: 'Ignored' })
  @IsOptional()
  @IsNumber()
  seats?: number;

  @ApiPropertyOptional({ description: 'Ignored: the price comes from the database' })
  @IsOptional()
  @IsNumber()
  price?: number;
}
