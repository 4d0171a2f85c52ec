import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** A payment intent's id (pi_...): anything else is refused with 400 before a query. */
@Injectable()
export class ParseIntentIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(value)) throw new BadRequestException('intentId must be a payment intent id');
    return value;
  }
}
