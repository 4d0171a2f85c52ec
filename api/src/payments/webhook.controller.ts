import { Controller, Headers, HttpCode, HttpStatus, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator';
import { ProviderEvents } from '../auth/rate-limit';
import { EventHandledResponse } from './payment.responses';
import { ProviderEventsService, type EventHandled } from './provider-events.service';

/** Stripe's webhook endpoint: no API token, the signature over the raw body is the proof. */
@ApiTags('payments')
@Controller('payments/webhook')
export class WebhookController {
  constructor(private readonly events: ProviderEventsService) {}

  @Post()
  @Public()
  @ProviderEvents()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EventHandledResponse, description: 'Handled, or a replay that changed nothing' })
  @ApiBadRequestResponse({ description: 'Missing or invalid Stripe-Signature: nothing changed' })
  receive(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<EventHandled> {
    return this.events.receive(req.rawBody, signature);
  }
}
