import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
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
