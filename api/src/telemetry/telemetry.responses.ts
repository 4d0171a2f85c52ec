import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHANNELS,
  PHASES,
  type Channel,
  type Health,
  type LastError,
  type Phase,
  type ReleaseHealth,
} from './telemetry.model';

export class LastErrorResponse implements LastError {
  @ApiProperty({ type: String, format: 'date-time' }) at: Date;
  @ApiProperty({ enum: PHASES }) phase: Phase;
  @ApiProperty({ example: '/' }) route: string;
  @ApiPropertyOptional({ description: 'Redacted: no e-mail addresses, no runs of 6+ digits' }) message?: string;
  @ApiProperty() traceId: string;
  @ApiProperty({ enum: CHANNELS }) channel: Channel;
}

export class ReleaseHealthResponse implements ReleaseHealth {
  @ApiProperty({ example: 'mf_public' }) remote: string;
  @ApiProperty({ type: String, nullable: true, description: 'null: an unversioned build' })
  version: string | null;
  @ApiProperty({ description: 'Page loads that asked for this release' }) loads: number;
  @ApiProperty({ description: 'Page loads (distinct trace ids) with at least one error of this release' })
  errorLoads: number;
  @ApiProperty({ description: 'Errors reported' }) errors: number;
  @ApiProperty({ example: 0.075, description: 'errorLoads / max(loads, 1), at most 1' }) errorRate: number;
  @ApiProperty({
    description: 'Distinct clients (networks: a /24 or /64, as the page tokens name them) with a counted report',
  })
  clients: number;
  @ApiProperty({ description: 'Distinct clients with at least one counted error' }) errorClients: number;
  @ApiProperty({
    example: 0.05,
    description: 'errorClients / max(clients, 1), at most 1: the rate a canary is judged by',
  })
  clientErrorRate: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastErrorAt: Date | null;
  @ApiProperty({ type: [LastErrorResponse], description: 'The newest errors first, at most 5' })
  lastErrors: LastErrorResponse[];
}

export class HealthResponse implements Health {
  @ApiProperty({ type: String, format: 'date-time', description: 'Start of the window (a whole minute)' })
  since: Date;
  @ApiProperty({ type: String, format: 'date-time' }) until: Date;
  @ApiProperty({ type: [ReleaseHealthResponse], description: 'By remote, then version' })
  releases: ReleaseHealthResponse[];
}
