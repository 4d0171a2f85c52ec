import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DatabaseSetupService } from './database-setup.service';
import { DatabaseService } from './database.service';
import { waitForDatabase } from './wait-for-database';

@Global()
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        // Boot waits (bounded backoff) rather than failing on a database that is still starting.
        await waitForDatabase(config);
        return {
          uri: config.mongodbUri,
          // Collections and indexes are created explicitly and in order by DatabaseSetupService.
          autoIndex: false,
          autoCreate: false,
          // No buffering while the database is away: a request fails fast (503) instead of queueing for seconds.
          bufferCommands: false,
          serverSelectionTimeoutMS: config.scaling.dbServerSelectionTimeoutMs,
          heartbeatFrequencyMS: config.scaling.dbHeartbeatMs,
          connectTimeoutMS: 5000,
          retryAttempts: 2,
          retryDelay: 500,
        };
      },
    }),
  ],
  providers: [DatabaseSetupService, DatabaseService],
  exports: [DatabaseSetupService, DatabaseService],
})
export class DatabaseModule {}
