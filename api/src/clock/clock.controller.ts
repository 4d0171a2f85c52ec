import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { AcceptsOpsKey } from '../auth/ops-key';
import { Roles } from '../auth/roles.decorator';
import { ClaimedJobRunner, type PassReport } from '../jobs/claimed-job-runner';
import { Clock } from './clock.service';

const YEAR_MS = 366 * 86_400_000;

export class MoveClockDto {
  @IsInt({ message: 'offsetMs must be a whole number of milliseconds' })
  @Min(0, { message: 'offsetMs must not be negative: the clock only moves forward' })
  @Max(YEAR_MS, { message: 'offsetMs must be at most a year' })
  offsetMs: number;
}

/**
 * Development mode only (the module registers it nowhere else, and it is not in the contract): the journeys move the
 * camp's clock and run a timed job's pass at once, so what is due on a date happens without waiting for it.
 */
@ApiExcludeController()
@Roles('admin')
@AcceptsOpsKey()
@Controller('dev')
export class DevClockController {
  constructor(
    private readonly clock: Clock,
    private readonly jobs: ClaimedJobRunner,
  ) {}

  @Get('clock')
  read(): { now: string; offsetMs: number } {
    return { now: this.clock.now().toISOString(), offsetMs: this.clock.offset() };
  }

  @Put('clock')
  async move(@Body() dto: MoveClockDto): Promise<{ now: string; offsetMs: number }> {
    await this.clock.move(dto.offsetMs);
    return this.read();
  }

  /** One pass of a timed job now, at the camp's clock. */
  @Post('jobs/:name/run')
  @HttpCode(200)
  run(@Param('name') name: string): Promise<PassReport> {
    if (!this.jobs.status().some((j) => j.name === name)) throw new BadRequestException(`No job named ${name}`);
    return this.jobs.run(name, this.clock.now());
  }
}
