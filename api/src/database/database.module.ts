import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseSetupService } from './database-setup.service';

@Global()
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        uri: config.mongodbUri,
        // Collections and indexes are created explicitly and in order by DatabaseSetupService.
        autoIndex: false,
        autoCreate: false,
        serverSelectionTimeoutMS: 5000,
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [DatabaseSetupService],
  exports: [DatabaseSetupService],
})
export class DatabaseModule {}
