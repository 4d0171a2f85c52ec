import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AcceptsOpsKey } from '../auth/ops-key';
import { Public } from '../auth/public.decorator';
import { Budget } from '../auth/rate-limit';
import { Roles } from '../auth/roles.decorator';
import { WithRouteRules } from '../common/route-rules';
import type { Health } from './telemetry.model';
import { HealthQueryDto, TelemetryBatchDto } from './telemetry.dto';
import { TELEMETRY_BODY } from './telemetry-http';
import { HealthResponse } from './telemetry.responses';
import { TelemetryService } from './telemetry.service';

@ApiTags('telemetry')
@Controller('telemetry')
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryService) {}

  @Post()
  @Public()
  @Budget('telemetry')
  @WithRouteRules(TELEMETRY_BODY)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiConsumes('application/json', 'text/plain')
  @ApiNoContentResponse({
    description:
      "Taken. Counted only with the page's valid token: its load once, a few errors per part; anything else is dropped. Stored without address or account, messages redacted",
  })
  @ApiBadRequestResponse({ description: 'Not 1 to 50 valid events, or not JSON' })
  @ApiPayloadTooLargeResponse({ description: 'More than 16 KB' })
  @ApiTooManyRequestsResponse({ description: "Past the client's telemetry budget (Retry-After)" })
  async report(@Body() body: TelemetryBatchDto): Promise<void> {
    await this.telemetry.record(body.token, body.events);
  }

  @Get('health')
  @Roles('admin')
  @AcceptsOpsKey()
  @ApiBearerAuth('api')
  @ApiSecurity('ops-key')
  @ApiOkResponse({ type: HealthResponse, description: 'Page loads and errors per release, from every replica' })
  @ApiUnauthorizedResponse({ description: 'No valid API token or operator key' })
  @ApiForbiddenResponse({ description: 'Not an admin' })
  health(@Query() query: HealthQueryDto): Promise<Health> {
    return this.telemetry.health(query.minutes ?? 60, query.remote);
  }
}
