import { Controller, Get, HttpCode, Post, Query, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';
import { LiveFeed } from './live-feed';
import { LiveStreamQueryDto, LiveTicketResponse } from './live.dto';

@ApiTags('live')
@Controller('live')
export class LiveController {
  constructor(private readonly feed: LiveFeed) {}

  @Post('ticket')
  @HttpCode(201)
  @ApiBearerAuth('api')
  @Roles('student')
  @ApiCreatedResponse({ type: LiveTicketResponse, description: "A single-use ticket for one of the caller's streams" })
  ticket(@CurrentCaller() caller: Caller): Promise<{ ticket: string; expiresAt: Date }> {
    return this.feed.ticket(caller.email);
  }

  /**
   * The caller's live updates as Server-Sent Events: `ready` once open, then `checkIn` and `checkOut` (each with the
   * record, as `GET /check-ins/today` lists it). The ticket stands in for the Bearer token EventSource cannot send.
   */
  @Get('stream')
  @Public()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'An event stream: `ready`, then `checkIn` / `checkOut` events with JSON data',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'The ticket is unknown, used or expired' })
  async stream(@Query() query: LiveStreamQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const email = await this.feed.redeem(query.ticket);
    if (!email) throw new UnauthorizedException('This stream ticket is unknown, used or expired: ask for a new one');
    reply.hijack();
    // The headers set so far (request id, CORS) go out with the stream's own.
    const set = Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined);
    reply.raw.writeHead(200, {
      ...(Object.fromEntries(set) as Record<string, string | number | string[]>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // nginx (and proxies that honour it) pass each event on as it is written.
      'X-Accel-Buffering': 'no',
    });
    this.feed.attach(email, reply.raw);
  }
}
