import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UsersModule } from '../users/users.module';
import { AccountBindingRecord, AccountBindingSchema } from './account-binding.schema';
import { AccountBindingsRepository } from './account-bindings.repository';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CallerCache } from './caller-cache';
import { FirebaseTokenVerifier } from './firebase-token.verifier';
import { rateLimits, WritesGuard, WritesThrottlerGuard } from './rate-limit';
import { RateLimitStorageModule } from './rate-limit-storage.module';
import { RateLimitRepository } from './rate-limit.repository';
import { RevokedTokenRecord, RevokedTokenSchema } from './revoked-token.schema';
import { RevokedTokens } from './revoked-tokens';
import { RevokedTokensRepository } from './revoked-tokens.repository';
import { RolesGuard } from './roles.guard';

const API_TOKEN_ISSUER = 'sportify-camp-api';
const API_TOKEN_AUDIENCE = 'sportify-camp';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: AccountBindingRecord.name, schema: AccountBindingSchema },
      { name: RevokedTokenRecord.name, schema: RevokedTokenSchema },
    ]),
    UsersModule,
    // Budgets kept in MongoDB: every replica counts against the same ones.
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, RateLimitRepository],
      useFactory: (config: AppConfig, storage: RateLimitRepository) => ({ ...rateLimits(config), storage }),
    }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A KeyObject: given a string, jsonwebtoken first tries it as a PEM public key on every verify, and that
        // failed parse cost about 1.3 ms of CPU per authenticated request.
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return {
          secretOrKeyProvider: () => key,
          signOptions: {
            algorithm: 'HS256',
            expiresIn: config.jwtTtlSeconds,
            issuer: API_TOKEN_ISSUER,
            audience: API_TOKEN_AUDIENCE,
          },
          // Pinned algorithm, issuer and audience: no 'none' tokens, no tokens minted for something else with this secret.
          verifyOptions: { algorithms: ['HS256'], issuer: API_TOKEN_ISSUER, audience: API_TOKEN_AUDIENCE },
        };
      },
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    AccountBindingsRepository,
    CallerCache,
    RevokedTokens,
    RevokedTokensRepository,
    FirebaseTokenVerifier,
    // Order matters: rate-limit before any token work, authenticate, then check the role.
    WritesThrottlerGuard,
    { provide: APP_GUARD, useClass: WritesGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AuthService, FirebaseTokenVerifier],
})
export class AuthModule {}
