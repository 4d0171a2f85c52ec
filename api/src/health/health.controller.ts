import { applyDecorators, Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AcceptsOpsKey } from '../auth/ops-key';
import { Public } from '../auth/public.decorator';
import { Budget } from '../auth/rate-limit';
import { Roles } from '../auth/roles.decorator';
import { ClaimedJobRunner, type JobStatus } from '../jobs/claimed-job-runner';
import { JobStatusResponse } from '../jobs/job-status.responses';
import { WithRouteRules } from '../common/route-rules';
import { DatabaseService } from '../database/database.service';
import { GracefulShutdown } from './graceful-shutdown';

const PING_TIMEOUT_MS = 2000;

/** A health route: its own generous budget (each call may ping the database), answered while the database is away. */
const HealthRoute = () => applyDecorators(Budget('health'), WithRouteRules({ withoutDatabase: true }));

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseService,
    private readonly shutdown: GracefulShutdown,
    private readonly jobs: ClaimedJobRunner,
  ) {}

  /** Kept for existing monitors: the API and its database. */
  @Public()
  @Get()
  @HealthRoute()
  @ApiOkResponse({ description: 'The API and its database are up: { status: "ok", db: "up" }' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async check(): Promise<{ status: 'ok'; db: 'up' }> {
    if (await this.database.ping(PING_TIMEOUT_MS)) return { status: 'ok', db: 'up' };
    throw unavailable({ status: 'error', db: 'down', message: 'Database unavailable' });
  }

  /** Liveness: the process answers. Never depends on the database, so an outage restarts nothing. */
  @Public()
  @Get('live')
  @HealthRoute()
  @ApiOkResponse({ description: 'The process is up: { status: "ok" }' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: send traffic here only while the database answers and the replica is not shutting down. */
  @Public()
  @Get('ready')
  @HealthRoute()
  @ApiOkResponse({ description: 'Ready for traffic: { status: "ok", db: "up" }' })
  @ApiServiceUnavailableResponse({ description: 'Draining after SIGTERM, or the database does not answer' })
  async ready(): Promise<{ status: 'ok'; db: 'up' }> {
    if (this.shutdown.isDraining) throw unavailable({ status: 'draining', message: 'Shutting down' });
    if (await this.database.ping(PING_TIMEOUT_MS)) return { status: 'ok', db: 'up' };
    throw unavailable({ status: 'error', db: 'down', message: 'Database unavailable' });
  }

  /** This replica's timed jobs: schedule, rows held, the last pass's counts. */
  @Get('jobs')
  @HealthRoute()
  @Roles('admin')
  @AcceptsOpsKey()
  @ApiBearerAuth('api')
  @ApiSecurity('ops-key')
  @ApiOkResponse({ type: [JobStatusResponse], description: "This replica's claimed jobs" })
  @ApiUnauthorizedResponse({ description: 'No valid API token or operator key' })
  @ApiForbiddenResponse({ description: 'Not an admin' })
  jobStatus(): JobStatus[] {
    return this.jobs.status();
  }
}

const unavailable = (extra: Record<string, string>) =>
  new ServiceUnavailableException({ statusCode: 503, error: 'Service Unavailable', ...extra });
