import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsMongoId, IsOptional } from 'class-validator';
import { PAGE_LIMIT_MAX, PageQueryDto } from './paging';

/**
 * A student's own list (selections, payments): a page at a time, or only the rows of some classes (the Classes
 * screen asks about the cards it shows, never for the whole list).
 */
export class StudentListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    type: String,
    description: `Comma-separated class ids (at most ${PAGE_LIMIT_MAX}): only the rows of these classes`,
    example: '665f1c2e9b1e8a3d4c5b6a71,665f1c2e9b1e8a3d4c5b6a72',
  })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean)
      : value,
  )
  @IsArray({ message: 'classIds must be a comma-separated list of class ids' })
  @ArrayMaxSize(PAGE_LIMIT_MAX, { message: `classIds must hold at most ${PAGE_LIMIT_MAX} ids` })
  @IsMongoId({ each: true, message: 'classIds must be class ids' })
  classIds?: string[];
}
