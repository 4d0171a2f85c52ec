import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto, SearchText } from '../common/paging';

export const ROLE_FILTERS = ['admin', 'instructor', 'student'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
export const USER_SORTS = ['oldest', 'newest', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /users: the admin's search by name or e-mail, by role, a page at a time. */
export class UsersQueryDto extends PageQueryDto {
  @SearchText('Text in the name or e-mail (case-insensitive, literal)')
  q?: string;

  @ApiPropertyOptional({ enum: ROLE_FILTERS, description: "'student' means no role" })
  @IsOptional()
  @IsIn(ROLE_FILTERS, { message: `role must be one of ${ROLE_FILTERS.join(', ')}` })
  role?: RoleFilter;

  @ApiPropertyOptional({
    enum: USER_SORTS,
    description: "'oldest' (sign-up order, the default), 'newest' (latest sign-up first) or 'name' (A to Z)",
  })
  @IsOptional()
  @IsIn(USER_SORTS, { message: `sort must be one of ${USER_SORTS.join(', ')}` })
  sort?: UserSort;
}

/** GET /instructors: search by name, a page at a time. */
export class InstructorsQueryDto extends PageQueryDto {
  @SearchText("Text in the instructor's name (case-insensitive, literal)")
  q?: string;
}
