import { HttpException, HttpStatus } from '@nestjs/common';

/** 402: the money was not (or no longer) taken; `extra` carries card decline codes for the card form. */
export class PaymentRequiredException extends HttpException {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super({ statusCode: HttpStatus.PAYMENT_REQUIRED, message, ...extra }, HttpStatus.PAYMENT_REQUIRED);
  }
}
