import { Global, Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';

/** The API's one Prometheus registry, for every domain that counts something (main.ts serves it on METRICS_PORT). */
@Global()
@Module({ providers: [ApiMetrics], exports: [ApiMetrics] })
export class MetricsModule {}
