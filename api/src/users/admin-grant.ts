// `npm run admin:grant -- <e-mail> [...]` (node api/dist/users/admin-grant-run.js): gives the admin role on the
// database of MONGODB_URI, with the API's environment. The first admin of a new camp is made this way (nobody can
// give it to them), by hand or by the chart's bootstrap Job; every grant is recorded with who ran it and when.
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { isEmail } from 'class-validator';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CacheGenerationRecord, CacheGenerationSchema } from '../common/cache-generation.schema';
import { CacheGenerationsRepository } from '../common/cache-generations.repository';
import { ConfigModule } from '../config/config.module';
import { ConfigError, loadConfig, type AppConfig } from '../config/config';
import { DatabaseModule } from '../database/database.module';
import { RoleGrantsRepository, type RoleGrant } from './role-grants.repository';
import { RoleGrants, type GrantOutcome } from './role-grants.service';
import { USER_MODELS } from './users.module';
import { UsersRepository } from './users.repository';

const USAGE =
  'usage: npm run admin:grant -- <e-mail> [<e-mail> ...]   give the admin role (now, or at their first sign-in)\n' +
  '       npm run admin:grant -- --list                    every role given (who, when) and the roles waiting';

@Module({})
class AdminGrantModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AdminGrantModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        MongooseModule.forFeature([
          ...USER_MODELS,
          { name: CacheGenerationRecord.name, schema: CacheGenerationSchema },
        ]),
      ],
      providers: [UsersRepository, RoleGrantsRepository, RoleGrants, CacheGenerationsRepository],
    };
  }
}

/** Who the record names: SPORTIFY_OPERATOR (the launcher sets the git user, the chart its Job), else the login. */
export const operatorOf = (env: NodeJS.ProcessEnv): string =>
  env.SPORTIFY_OPERATOR?.trim() || `${os.userInfo().username}@${os.hostname()}`;

const when = (d: Date) => d.toISOString();
const describeGrant = (g: RoleGrant) =>
  `by ${g.by} (${g.via}) at ${when(g.grantedAt)}${g.requestedAt.getTime() !== g.grantedAt.getTime() ? `, asked at ${when(g.requestedAt)}` : ''}`;

/** What the command says about one e-mail. */
export function describeOutcome(email: string, outcome: GrantOutcome): string {
  switch (outcome.kind) {
    case 'granted': {
      const { grant } = outcome;
      return `${email} is an admin now (was ${grant.from ? `an ${grant.from}` : 'a student'}); recorded as given ${describeGrant(grant)}.`;
    }
    case 'already':
      return `${email} is an admin already${outcome.since ? ` (given ${describeGrant(outcome.since)})` : ''}: nothing changed.`;
    case 'pending': {
      const { pending, fresh } = outcome;
      const asked = `asked by ${pending.by} at ${when(pending.requestedAt)}`;
      return fresh
        ? `${email} has never signed in to this camp: they become an admin at their first sign-in with this e-mail (${asked}).`
        : `${email} has never signed in to this camp: the admin role already waits for their first sign-in (${asked}): nothing changed.`;
    }
  }
}

/**
 * Runs the command with these arguments and environment; returns its exit code (0 done, 1 failed, 2 bad usage).
 * `log` and `error` print its lines.
 */
export async function adminGrant(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: { log: (line: string) => void; error: (line: string) => void } = console,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { list: { type: 'boolean' } } });
  } catch (err) {
    out.error(`admin:grant refused: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const emails = parsed.positionals.map((e) => e.trim().toLowerCase());
  const list = parsed.values.list === true;
  if (!list && !emails.length) {
    out.error(USAGE);
    return 2;
  }
  const bad = emails.filter((e) => !isEmail(e));
  if (bad.length) {
    out.error(`admin:grant refused: not an e-mail address: ${bad.map((e) => `"${e}"`).join(', ')}\n${USAGE}`);
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    out.error(`admin:grant cannot start. ${err.message}`);
    return 1;
  }
  const ctx = await NestFactory.createApplicationContext(AdminGrantModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  try {
    const roles = ctx.get(RoleGrants);
    const by = operatorOf(env);
    let changed = false;
    for (const email of emails) {
      const outcome = await roles.grant(email, 'admin', by, 'command');
      changed ||= outcome.kind === 'granted';
      out.log(describeOutcome(email, outcome));
    }
    // Every API replica drops the callers it keeps (their roles) within PUBLIC_CACHE_SYNC_MS.
    if (changed) await ctx.get(CacheGenerationsRepository).bump('users');
    if (list) {
      const [history, pending] = await Promise.all([roles.history(200), roles.pending()]);
      out.log(history.length ? 'Roles given, newest first:' : 'No role has been given yet.');
      for (const g of history)
        out.log(`  ${when(g.grantedAt)}  ${g.email} ${g.from ?? 'student'} -> ${g.role}, by ${g.by} (${g.via})`);
      if (pending.length) out.log('Waiting for a first sign-in:');
      for (const p of pending) out.log(`  ${p.email} -> ${p.role}, asked by ${p.by} at ${when(p.requestedAt)}`);
    }
    return 0;
  } finally {
    await ctx.close();
  }
}
