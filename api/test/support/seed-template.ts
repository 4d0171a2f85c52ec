import { campDay } from '@sportify/platform/dates';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { mongo } from 'mongoose';
import type { AppConfig } from '../../src/config/config';
import { runSeed } from '../../src/seed/seed';

/**
 * The demo data, seeded once per test run for each set of the settings the seed reads, into a template database on
 * the shared test server; each suite that starts a seeded API gets a copy of it (collections, indexes, documents) in
 * its own database. The seed's own behaviour is tested by the suites that call runSeed directly.
 */

/** Where the workers agree on who builds which template (one worker builds, the others wait for it). */
const REGISTRY = { db: 'seed_templates', collection: 'templates' };
const BUILD_TIMEOUT_MS = 180_000;

/** The settings the seed's writes depend on, and the camp's day (seeded dates count from it). */
function templateKey(config: AppConfig): string {
  const read = {
    developmentMode: config.developmentMode,
    dbSetupAtBoot: config.dbSetupAtBoot,
    campTimeZone: config.campTimeZone,
    assetBaseUrl: config.assetBaseUrl,
    firebaseProjectId: config.firebaseProjectId,
    firebaseAuthEmulatorHost: config.firebaseAuthEmulatorHost,
    pictures: config.pictures,
    mail: config.mail,
    today: campDay(config.campTimeZone, new Date()),
  };
  return createHash('sha256').update(JSON.stringify(read)).digest('hex').slice(0, 16);
}

function dbName(uri: string): string {
  const name = new URL(uri).pathname.slice(1);
  if (!name) throw new Error(`The test database URI ${uri} names no database`);
  return name;
}

/** Builds the template for `config` unless another worker has (or is building it: then waits for it). */
async function ensureTemplate(client: mongo.MongoClient, config: AppConfig, key: string): Promise<string> {
  const template = `tpl_${key}`;
  const registry = client
    .db(REGISTRY.db)
    .collection<{ _id: string; state: string; error?: string }>(REGISTRY.collection);
  try {
    await registry.insertOne({ _id: key, state: 'building' });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const deadline = Date.now() + BUILD_TIMEOUT_MS;
    for (;;) {
      const entry = await registry.findOne({ _id: key });
      if (entry?.state === 'ready') return template;
      if (entry?.state === 'failed') throw new Error(`Seeding the template database failed: ${entry.error}`);
      if (Date.now() > deadline) throw new Error(`The template database ${template} was not seeded in time`);
      await sleep(50);
    }
  }
  try {
    const base = config.mongodbUri.slice(0, config.mongodbUri.lastIndexOf('/'));
    await runSeed({ ...config, mongodbUri: `${base}/${template}` });
    await registry.updateOne({ _id: key }, { $set: { state: 'ready' } });
    return template;
  } catch (err) {
    await registry.updateOne({ _id: key }, { $set: { state: 'failed', error: String(err) } });
    throw err;
  }
}

/** Copies every collection of `from` (also the empty ones), its indexes and its documents into the empty `to`. */
async function copyDatabase(client: mongo.MongoClient, from: string, to: string): Promise<void> {
  const source = client.db(from);
  const target = client.db(to);
  const collections = await source.listCollections({}, { nameOnly: true }).toArray();
  await Promise.all(
    collections.map(async ({ name }) => {
      await target.createCollection(name);
      const indexes = (await source.collection(name).listIndexes().toArray())
        .filter((i) => i.name !== '_id_')
        .map(({ v: _v, ns: _ns, ...spec }) => spec as mongo.IndexDescription);
      if (indexes.length) await target.collection(name).createIndexes(indexes);
      const docs = await source.collection(name).find().toArray();
      if (docs.length) await target.collection(name).insertMany(docs, { ordered: true });
    }),
  );
}

/** Gives the fresh database of `config` the demo data, as `runSeed(config)` would write it. */
export async function seedFromTemplate(config: AppConfig): Promise<void> {
  const client = await new mongo.MongoClient(config.mongodbUri).connect();
  try {
    // A database that has data already (a test's own) is seeded as the seed does it: only what is missing.
    if ((await client.db(dbName(config.mongodbUri)).listCollections({}, { nameOnly: true }).toArray()).length) {
      await runSeed(config);
      return;
    }
    const template = await ensureTemplate(client, config, templateKey(config));
    await copyDatabase(client, template, dbName(config.mongodbUri));
  } finally {
    await client.close();
  }
}
