import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { QueryNumber } from '../common/paging';
import {
  CHANNELS,
  EVENT_KINDS,
  HEALTH_MINUTES_MAX,
  PHASES,
  type Channel,
  type EventKind,
  type Phase,
  type TelemetryEvent,
} from './telemetry.model';

export const EVENTS_MAX = 50;
const REMOTE = /^(shell|[a-z][a-z0-9_]{0,39})$/;
const VERSION = /^\d+\.\d+\.\d+-[0-9A-Za-z.-]+$/;

export class TelemetryEventDto implements TelemetryEvent {
  @ApiProperty({ enum: EVENT_KINDS, description: "'load': this page load asked for the release; 'error': it failed" })
  @IsIn(EVENT_KINDS, { message: `kind must be one of ${EVENT_KINDS.join(', ')}` })
  kind: EventKind;

  @ApiProperty({ example: 'mf_public', description: "Federation name of the remote, or 'shell'" })
  @IsString({ message: 'remote must be a federation name or shell' })
  @Matches(REMOTE, { message: 'remote must be a federation name or shell' })
  remote: string;

  @ApiProperty({ type: String, nullable: true, example: '0.1.0-abc1234.20261102100000' })
  @ValidateIf((e: TelemetryEventDto) => e.version !== null)
  @IsString({ message: 'version must be a release version or null' })
  @Matches(VERSION, { message: 'version must be a release version or null' })
  @MaxLength(100, { message: 'version must be at most 100 characters' })
  version: string | null;

  @ApiProperty({ enum: CHANNELS })
  @IsIn(CHANNELS, { message: `channel must be one of ${CHANNELS.join(', ')}` })
  channel: Channel;

  @ApiProperty({ example: '/dashboard/payment/:id', description: 'The matched route pattern, never the path' })
  @IsString({ message: 'route must be a route pattern starting with /' })
  @Matches(/^\/\S*$/, { message: 'route must be a route pattern starting with /' })
  @MaxLength(200, { message: 'route must be at most 200 characters' })
  route: string;

  @ApiProperty({ example: '0f6c2b1e9d8a4c7b5e3f2a1d0c9b8a7e', description: 'The page load (32 hex characters)' })
  @IsString({ message: 'traceId must be 32 hex characters' })
  @Matches(/^[0-9a-fA-F]{32}$/, { message: 'traceId must be 32 hex characters' })
  traceId: string;

  @ApiPropertyOptional({ enum: PHASES, description: 'Required for errors' })
  @ValidateIf((e: TelemetryEventDto) => e.kind === 'error' || e.phase !== undefined)
  @IsIn(PHASES, { message: `phase must be one of ${PHASES.join(', ')} (required for errors)` })
  phase?: Phase;

  @ApiPropertyOptional({ maxLength: 300, description: 'Errors: stored with e-mail addresses and numbers redacted' })
  @IsOptional()
  @IsString({ message: 'message must be text' })
  @MaxLength(300, { message: 'message must be at most 300 characters' })
  message?: string;

  @ApiPropertyOptional({
    maxLength: 2000,
    description: "This event's page token, when the batch mixes page loads (the page server's); else the batch's",
  })
  @IsOptional()
  @IsString({ message: 'token must be text' })
  @MaxLength(2000, { message: 'token must be at most 2000 characters' })
  token?: string;
}

export class TelemetryBatchDto {
  @ApiPropertyOptional({
    maxLength: 2000,
    description:
      "The page's report token, as the page server gave it (config.reportToken). Without a valid one nothing counts",
  })
  @IsOptional()
  @IsString({ message: 'token must be text' })
  @MaxLength(2000, { message: 'token must be at most 2000 characters' })
  token?: string;

  @ApiProperty({ type: [TelemetryEventDto], minItems: 1, maxItems: EVENTS_MAX })
  @IsArray({ message: 'events must be a list' })
  @ArrayMinSize(1, { message: 'events must have at least 1 event' })
  @ArrayMaxSize(EVENTS_MAX, { message: `events must have at most ${EVENTS_MAX} events` })
  @ValidateNested({ each: true })
  @Type(() => TelemetryEventDto)
  events: TelemetryEventDto[];
}

export class HealthQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: HEALTH_MINUTES_MAX, default: 60 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'minutes must be a whole number' })
  @Min(1, { message: 'minutes must be 1 or more' })
  @Max(HEALTH_MINUTES_MAX, { message: `minutes must be at most ${HEALTH_MINUTES_MAX}` })
  minutes?: number;

  @ApiPropertyOptional({ example: 'mf_public', description: 'Only this remote (federation name or shell)' })
  @IsOptional()
  @IsString({ message: 'remote must be a federation name or shell' })
  @Matches(REMOTE, { message: 'remote must be a federation name or shell' })
  remote?: string;
}
