import { Body, Controller, HttpCode, HttpStatus, Inject, NotFoundException, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiPaymentRequiredResponse, ApiTags } from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Roles } from '../auth/roles.decorator';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { SandboxGateway } from './gateway/sandbox.gateway';
import { SandboxConfirmDto } from './payment.dto';
import { PaymentRequiredException } from './payment-required.exception';
import { CardErrorResponse, SandboxConfirmResponse } from './payment.responses';

export interface SandboxConfirmed {
  paymentIntent: { id: string; status: string; amount: number; currency: string };
}

/**
 * The browser's test-mode card form confirms here when no Stripe key is configured (Stripe.js cannot load
 * offline). Same result shape as Stripe's confirmCardPayment: { paymentIntent } or an error with the card's message.
 */
@ApiTags('payments')
@ApiBearerAuth('api')
@Roles('student')
@Controller('payments/sandbox')
export class SandboxController {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SandboxConfirmResponse })
  @ApiPaymentRequiredResponse({ type: CardErrorResponse, description: 'The card was refused; show message' })
  async confirm(@CurrentCaller() caller: Caller, @Body() dto: SandboxConfirmDto): Promise<SandboxConfirmed> {
    if (!(this.gateway instanceof SandboxGateway)) throw new NotFoundException('The payment sandbox is not enabled');
    const intent = await this.gateway.findByClientSecret(dto.clientSecret);
    if (!intent || intent.metadata.email !== caller.email) throw new NotFoundException('Unknown payment');
    const result = await this.gateway.confirm(intent, {
      number: dto.cardNumber,
      expMonth: dto.expMonth,
      expYear: dto.expYear,
      cvc: dto.cvc,
    });
    if ('decline' in result) {
      const { code, declineCode, message } = result.decline;
      throw new PaymentRequiredException(message, { code, ...(declineCode ? { declineCode } : {}) });
    }
    const { id, status, amount, currency } = result.intent;
    return { paymentIntent: { id, status, amount, currency } };
  }
}
