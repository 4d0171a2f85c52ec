import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Connection } from 'mongoose';
import { Public } from '../auth/public.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  @Public()
  @Get()
  @ApiOkResponse({ description: 'The API and its database are up: { status: "ok", db: "up" }' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async check(): Promise<{ status: 'ok'; db: 'up' }> {
    if (await this.databaseUp()) return { status: 'ok', db: 'up' };
    throw new ServiceUnavailableException({ statusCode: 503, status: 'error', db: 'down', message: 'Database unavailable', error: 'Service Unavailable' });
  }

  private async databaseUp(): Promise<boolean> {
    if (this.connection.readyState !== 1 || !this.connection.db) return false;
    try {
      await Promise.race([
        this.connection.db.admin().ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 2000).unref()),
      ]);
      return true;
    } catch {
      return false;
    }
  }
}
