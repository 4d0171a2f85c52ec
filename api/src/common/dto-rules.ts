import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsUrl, Matches, MaxLength } from 'class-validator';

/** An absolute http(s) URL of sane length (images the site shows). */
export const IsHttpUrl = (message = 'must be an http(s) URL') =>
  applyDecorators(
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
      { message: `$property ${message}` },
    ),
    MaxLength(2048),
  );

/** Trims a string field (anything else is left for the type rule to refuse). */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Plain text as written, with its line breaks written the one way (a browser's form sends CRLF), then trimmed. */
export const PlainLines = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value));

/** One line without control characters: names, titles and subjects go into rosters, CSV files and e-mail subjects. */
// eslint-disable-next-line no-control-regex
export const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

/** Plain text: line breaks and tabs, no other control character. */
// eslint-disable-next-line no-control-regex
export const PLAIN_TEXT = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

/** An uploaded picture's id (POST /pictures), instead of a URL; the service checks that it was uploaded. */
export const PictureIdField = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: '3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a',
      description: 'A picture uploaded with POST /pictures (its id), instead of a URL',
    }),
    IsOptional(),
    Matches(/^[a-f0-9]{32}$/, { message: 'pictureId must be the id POST /pictures answered' }),
  );
