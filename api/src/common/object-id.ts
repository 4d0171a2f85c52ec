import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && OBJECT_ID.test(value);

/** Rejects malformed ids with 400 before they reach a query (mongoose would also accept 12-byte strings). */
@Injectable()
export class ParseObjectIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isObjectId(value)) throw new BadRequestException('Invalid id: expected a 24-character hex ObjectId');
    return value.toLowerCase();
  }
}
