import { ApiProperty } from '@nestjs/swagger';
import type { JobStatus, PassReport } from './claimed-job-runner';

export class PassReportResponse implements PassReport {
  @ApiProperty({ description: 'Rows claimed' }) looked: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { sent: 3, failed: 1 },
    description: 'Rows per outcome (and the counts of the work after the rows)',
  })
  outcomes: Record<string, number>;
  @ApiProperty({ description: 'Rows whose work failed, pushed back with backoff' }) failed: number;
}

export class JobStatusResponse implements JobStatus {
  @ApiProperty({ example: 'mail-outbox' }) name: string;
  @ApiProperty({ description: 'Pause between passes in ms; 0: not scheduled in this process' }) everyMs: number;
  @ApiProperty() running: boolean;
  @ApiProperty({ description: 'Rows this process holds right now' }) holding: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastStartedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastFinishedAt: string | null;
  @ApiProperty({ type: PassReportResponse, nullable: true }) lastPass: PassReportResponse | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
}
