// `npm run pictures:import -w api` (node api/dist/pictures/import-stored-run.js): the one-off import of the classes'
// pictures and the people's photos stored as URLs before the site held pictures, same environment as the API. Each
// record shows the placeholder from the moment it is queued until its picture is in; it waits for the imports
// (retries included, at most 15 minutes), prints how every import so far ended and exits 1 if some are still
// pending (failed ones show `Picture could not be loaded` to their instructor, who can upload one). Safe to run again:
// records that already have a picture status are left alone.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ClassesService } from '../classes/classes.service';
import { ConfigError, loadConfig } from '../config/config';
import { UsersService } from '../users/users.service';
import { PicturesService } from './pictures.service';

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await NestFactory.createApplicationContext(
    // Passes are run here, one after the other; the API's own job may take some of them too.
    AppModule.forRoot({ ...config, pictures: { ...config.pictures, importIntervalMs: 0 } }),
    { logger: ['error', 'warn', 'log'] },
  );
  try {
    const classes = await ctx.get(ClassesService).importStoredPictures();
    const people = await ctx.get(UsersService).importStoredPictures();
    console.log(`Pictures: ${classes} class picture(s) and ${people} photo(s) queued for import.`);
    const ended = await ctx.get(PicturesService).drainImports(Date.now() + 15 * 60_000);
    console.log(`Every import so far: ${ended.done} done, ${ended.failed} failed, ${ended.pending} still pending.`);
    if (ended.pending) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `The picture import cannot start. ${err.message}` : err);
  process.exit(1);
});
