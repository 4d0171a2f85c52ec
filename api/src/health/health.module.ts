import { Module } from '@nestjs/common';
import { GracefulShutdown } from './graceful-shutdown';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [GracefulShutdown], exports: [GracefulShutdown] })
export class HealthModule {}
