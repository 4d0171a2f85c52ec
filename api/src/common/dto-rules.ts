import { applyDecorators } from '@nestjs/common';
import { IsUrl, MaxLength } from 'class-validator';

/** An absolute http(s) URL of sane length (images the site shows). */
export const IsHttpUrl = (message = 'must be an http(s) URL') =>
  applyDecorators(
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
      { message: `$property ${message}` },
    ),
    MaxLength(2048),
  );
