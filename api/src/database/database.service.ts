import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ConnectionStates, type Connection } from 'mongoose';

/** The database as the rest of the API sees it: up or not, without touching Mongoose elsewhere. */
@Injectable()
export class DatabaseService {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Whether the driver currently has a usable server (it follows the driver's heartbeats, so it costs nothing). */
  connected(): boolean {
    return this.connection.readyState === ConnectionStates.connected;
  }

  /** A round trip to the database, failing after `timeoutMs`. */
  async ping(timeoutMs: number): Promise<boolean> {
    if (!this.connected() || !this.connection.db) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.connection.db.admin().ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), timeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
