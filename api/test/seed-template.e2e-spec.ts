import { mongo } from 'mongoose';
import { loadConfig } from '../src/config/config';
import { runSeed } from '../src/seed/seed';
import { seedFromTemplate } from './support/seed-template';
import { testEnv } from './support/test-app';

// The seeded suites start on a copy of one seeded template database (support/seed-template.ts) instead of running the
// seed each: the copy must hold what the seed itself writes.

/** A value as it is apart from what differs between two seeds: ids, and the instants and days they ran at. */
function stable(value: unknown): unknown {
  if (value instanceof mongo.ObjectId) return 'id';
  if (value instanceof Date) return 'date';
  if (value instanceof mongo.Binary) return `binary:${value.length()}`;
  if (typeof value === 'string')
    return value
      .replace(/[0-9a-f]{24}/g, 'id')
      .replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g, 'date')
      .replace(/\.[0-9a-f]{6}@/g, '.hex@');
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stable(v)]));
  return value;
}

/** Every collection of a database: its indexes and its documents, each made stable and sorted. */
async function contents(client: mongo.MongoClient, uri: string) {
  const db = client.db(new URL(uri).pathname.slice(1));
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      indexes: (await db.collection(name).listIndexes().toArray())
        .map(({ v: _v, ns: _ns, ...spec }) => JSON.stringify(spec))
        .sort(),
      documents: (await db.collection(name).find().toArray()).map((d) => JSON.stringify(stable(d))).sort(),
    })),
  );
}

describe('the seeded template', () => {
  it("gives a fresh database the seed's collections, indexes and documents", async () => {
    const seeded = loadConfig(testEnv());
    const copied = loadConfig(testEnv());
    await runSeed(seeded);
    await seedFromTemplate(copied);
    const client = await new mongo.MongoClient(seeded.mongodbUri).connect();
    try {
      const expected = await contents(client, seeded.mongodbUri);
      expect(expected.find((c) => c.name === 'classes')?.documents.length).toBeGreaterThan(0);
      expect(await contents(client, copied.mongodbUri)).toEqual(expected);
    } finally {
      for (const uri of [seeded.mongodbUri, copied.mongodbUri])
        await client.db(new URL(uri).pathname.slice(1)).dropDatabase();
      await client.close();
    }
  });
});
