import { Controller, Headers, HttpCode, HttpStatus, Logger, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ClientBudgets, clientOf, TOO_MANY_REQUESTS } from '../auth/client-budgets';
import { Public } from '../auth/public.decorator';
import { Budget } from '../auth/rate-limit';
import { RetryLaterException } from '../common/http-error.filter';
import { EventHandledResponse } from './payment.responses';
import { ProviderEventsService, UnsignedEventError, type EventHandled } from './provider-events.service';

/**
 * Stripe's webhook endpoint: no API token, the signature over the raw body is the proof. Its budget is decided after
 * the signature: a delivery with a valid one is never refused (only the provider holds the secret, and a refused
 * event would only be late), one without costs a body read and a hash, no database work, and counts against the
 * sender's RATE_LIMIT_UNSIGNED_EVENTS (then 429, and no more log lines).
 */
@ApiTags('payments')
@Controller('payments/webhook')
export class WebhookController {
  private readonly logger = new Logger(WebhookController.name);

  constructor(
    private readonly events: ProviderEventsService,
    private readonly budgets: ClientBudgets,
  ) {}

  @Post()
  @Public()
  @Budget('unsignedEvents')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EventHandledResponse, description: 'Handled, or a replay that changed nothing' })
  @ApiBadRequestResponse({ description: 'Missing or invalid Stripe-Signature: nothing changed' })
  @ApiTooManyRequestsResponse({ description: 'Too many deliveries without a valid signature from this client' })
  async receive(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<EventHandled> {
    try {
      return await this.events.receive(req.rawBody, signature);
    } catch (err) {
      if (!(err instanceof UnsignedEventError)) throw err;
      const wait = this.budgets.unsignedEvents.take(clientOf(req));
      if (wait) throw new RetryLaterException(429, TOO_MANY_REQUESTS, wait);
      this.logger.warn(`Refused an event: ${err.reason}`);
      throw err;
    }
  }
}
