import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.setup';
import { ConfigError, loadConfig } from './config/config';
import { GracefulShutdown } from './health/graceful-shutdown';
import { ApiMetrics } from './metrics/api-metrics';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Sportify API cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  const shutdown = app.get(GracefulShutdown);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown.shutdown(app, signal));
  await app.listen(config.port, '0.0.0.0');
  const mode = config.stripeSecretKey ? 'Stripe' : 'test-mode sandbox';
  const logger = new Logger('Bootstrap');
  logger.log(`Sportify API listening on port ${config.port} (payments: ${mode}, docs at /docs)`);
  if (config.metricsPort) {
    await app.get(ApiMetrics).listen(config.metricsPort);
    logger.log(`Metrics at http://0.0.0.0:${config.metricsPort}/metrics`);
  }
}

bootstrap().catch((err: unknown) => {
  console.error('Sportify API failed to start:', err);
  process.exit(1);
});
