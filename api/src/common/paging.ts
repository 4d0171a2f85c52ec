import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';

export const PAGE_LIMIT_MAX = 60;
export const PAGE_LIMIT_DEFAULT = 24;
export const SEARCH_MAX = 100;
/** Deepest page of any list: 600,000 rows at the largest limit, and a bounded number of cache keys. */
export const PAGE_MAX = 10_000;

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

/**
 * A query-string whole number in plain digits (an optional minus, no leading zero): '1e3', '1.0' and '01' are
 * refused, so each value has one spelling, and so one cache key.
 */
export const QueryWholeNumber = () =>
  Transform(({ value }) => (typeof value === 'string' && /^(0|-?[1-9]\d*)$/.test(value) ? Number(value) : value));

/** One clear message per bad value: not a whole number, too small or too large. */
const WholeIn = (name: string, min: number, max: number) =>
  ValidateBy({
    name: 'wholeIn',
    validator: {
      validate: (v: unknown) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
      defaultMessage: (args?: ValidationArguments) =>
        !Number.isInteger(args?.value)
          ? `${name} must be a whole number written in digits`
          : (args?.value as number) < min
            ? `${name} must be ${min} or more`
            : `${name} must be at most ${max}`,
    },
  });

/** `page` and `limit` of every paged list. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_MAX, default: 1 })
  @IsOptional()
  @QueryWholeNumber()
  @WholeIn('page', 1, PAGE_MAX)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT })
  @IsOptional()
  @QueryWholeNumber()
  @WholeIn('limit', 1, PAGE_LIMIT_MAX)
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
