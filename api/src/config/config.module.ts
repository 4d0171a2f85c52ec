import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule, ConfigService } from '@nestjs/config';
import { APP_CONFIG, type AppConfig } from './config';

/** Where the validated configuration sits in @nestjs/config's ConfigService. */
export const APP_CONFIG_KEY = 'app';

/**
 * The configuration `loadConfig` read through the schema (settings.ts) before Nest starts (the Fastify adapter, the
 * commands and the tests need it first; a test may adjust it), held by @nestjs/config: `ConfigService.get('app')`,
 * and `@Inject(APP_CONFIG)` for the typed object. Nothing reads the process's environment after boot (no .env file
 * either), so a test's or a command's own configuration is the whole truth.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      imports: [
        NestConfigModule.forRoot({
          ignoreEnvFile: true,
          skipProcessEnv: true,
          load: [() => ({ [APP_CONFIG_KEY]: config })],
        }),
      ],
      providers: [
        {
          provide: APP_CONFIG,
          inject: [ConfigService],
          useFactory: (settings: ConfigService) => settings.getOrThrow<AppConfig>(APP_CONFIG_KEY),
        },
      ],
      exports: [APP_CONFIG, NestConfigModule],
    };
  }
}
