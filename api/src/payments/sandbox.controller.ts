import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { SandboxConfirmDto } from './payment.dto';
import type { SandboxConfirmed } from './payment.model';
import { CardErrorResponse, SandboxConfirmResponse } from './payment.responses';
import { SandboxService } from './sandbox.service';

/**
 * The browser's test-mode card form confirms here when no Stripe key is configured. Same result shape as
 * Stripe's confirmCardPayment: { paymentIntent } or an error with the card's message.
 */
@ApiTags('payments')
@ApiBearerAuth('api')
@Roles('student')
@Controller('payments/sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SandboxConfirmResponse })
  @ApiPaymentRequiredResponse({ type: CardErrorResponse, description: 'The card was refused; show message' })
  @ApiNotFoundResponse({ description: "Not the caller's intent, or Stripe is configured (no sandbox)" })
  confirm(@CurrentCaller() caller: Caller, @Body() dto: SandboxConfirmDto): Promise<SandboxConfirmed> {
    return this.sandbox.confirm(caller, dto.clientSecret, {
      number: dto.cardNumber,
      expMonth: dto.expMonth,
      expYear: dto.expYear,
      cvc: dto.cvc,
    });
  }
}
