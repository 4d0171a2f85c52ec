import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsMongoId, IsNumber, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * The spec's client sends the class's name, instructor, seats and price too; they are accepted for compatibility
 * and ignored: the stored selection copies them from the class in the database.
 */
export class SelectionBodyDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a71' })
  @IsMongoId({ message: 'classId must be a class id' })
  classId: string;

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

/** The same body for one of the caller's campers (documented apart, see CreateSelectionDto). */
export class CamperSelectionBodyDto extends SelectionBodyDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a72', description: "One of the caller's campers" })
  camperId: string;
}

/**
 * What POST /classes/selected validates: the body of docs/product.md, and `camperId` for a camper (absent: the
 * account holder). The document describes it as one of the two bodies above, so a client typed from that body (every
 * field sent) stays valid without a camper.
 */
export class CreateSelectionDto extends SelectionBodyDto {
  @IsOptional()
  @Matches(/^[a-f0-9]{24}$/i, { message: 'camperId must be a camper id' })
  camperId?: string;
}
