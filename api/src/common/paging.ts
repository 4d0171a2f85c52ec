import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const PAGE_LIMIT_MAX = 60;
export const PAGE_LIMIT_DEFAULT = 24;
export const SEARCH_MAX = 100;

/** One page of a list: the paged form of every list call. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** What a repository needs to cut a page. */
export interface PageWindow {
  skip: number;
  limit: number;
}

/**
 * A query-string number: converted explicitly (the global pipe does no implicit conversion); 'abc', '' and a
 * repeated parameter become NaN and fail IsInt/IsNumber with the parameter's name in the message.
 */
export const QueryNumber = () =>
  Transform(({ value }) => {
    if (value === undefined) return undefined;
    return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  });

/** `page` and `limit` of every paged list. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(PAGE_LIMIT_MAX, { message: `limit must be at most ${PAGE_LIMIT_MAX}` })
  limit?: number;
}

/** `q`: free text, trimmed, matched literally (see containsText). */
export const SearchText = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength: SEARCH_MAX }),
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: 'q must be text' }),
    MaxLength(SEARCH_MAX, { message: `q must be at most ${SEARCH_MAX} characters` }),
  );

export const pageWindow = (q: PageQueryDto): PageWindow & { page: number } => {
  const page = q.page ?? 1;
  const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
  return { page, limit, skip: (page - 1) * limit };
};

/** Regex characters escaped, so user text is matched literally ('.*' finds a dot and a star). */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A case-insensitive "contains" filter over some fields; undefined when there is no text. */
export function containsText(text: string | undefined, fields: string[]): Record<string, unknown> | undefined {
  if (!text) return undefined;
  const pattern = escapeRegex(text);
  return { $or: fields.map((f) => ({ [f]: { $regex: pattern, $options: 'i' } })) };
}

/** True when the request URL carries any query parameter: the list then answers in its paged form. */
export const wantsPage = (url: string | undefined): boolean => {
  const q = url?.indexOf('?') ?? -1;
  return q !== -1 && new URLSearchParams(url!.slice(q + 1)).size > 0;
};

/** The OpenAPI shape of a page of `Item` (a named class per item type, as the generated client types need). */
export function PageResponse<T>(Item: ClassType<T>, name: string): ClassType<Paged<T>> {
  class PageOf implements Paged<T> {
    @ApiProperty({ type: [Item] }) items: T[];
    @ApiProperty({ example: 162, description: 'Items matching the filters, over all pages' }) total: number;
    @ApiProperty({ example: 1 }) page: number;
    @ApiProperty({ example: PAGE_LIMIT_DEFAULT }) limit: number;
  }
  Object.defineProperty(PageOf, 'name', { value: name });
  return PageOf;
}

/** OpenAPI schema of a list that answers an array without parameters and a page with any. */
export const arrayOrPage = (Item: ClassType<unknown>, Page: ClassType<unknown>) => ({
  oneOf: [{ type: 'array', items: { $ref: getSchemaPath(Item) } }, { $ref: getSchemaPath(Page) }],
});
