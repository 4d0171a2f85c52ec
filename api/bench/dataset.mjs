#!/usr/bin/env node
// The benchmark's large data set: 10,000 classes (mostly approved, some full, 50 instructors) and 100,000 users
// (students, plus the instructors), written straight into a MongoDB next to whatever is there. Deterministic, so
// runs compare. `node api/bench/dataset.mjs <mongodb-uri>` writes it on its own; bench.mjs calls writeDataset().
import mongoose from 'mongoose';
import { fileURLToPath } from 'node:url';
// The seed's sports (the built API's copy: the bench needs api/dist anyway), so every picture exists.
import { SPORTS } from '../dist/seed/seed-data.js';

const LEVELS = ['Basics', 'Camp', 'Clinic', 'Skills', 'Academy', 'Masterclass', 'Weekend', 'Intensive'];
const BATCH = 5_000;

/**
 * Writes classes number `firstClass` to `classes - 1` and `users` users (the 50 instructors first), so a data set
 * can be written in two steps (the bench's 200 classes, then the rest).
 * @param {string} uri @param {{ classes?: number, firstClass?: number, users?: number, assetBaseUrl?: string }} [options]
 */
export async function writeDataset(
  uri,
  { classes = 10_000, firstClass = 0, users = 100_000, assetBaseUrl = 'http://localhost:3000' } = {},
) {
  const conn = await mongoose.createConnection(uri).asPromise();
  try {
    const db = conn.db;
    const start = new Date('2025-01-01T00:00:00Z').getTime();
    const instructors = Array.from({ length: 50 }, (_, i) => ({
      userName: `Bench Coach ${i + 1}`,
      email: `bench.coach${i + 1}@bench.sportify.camp`,
      userPhoto: `${assetBaseUrl}/images/people/sam.svg`,
      role: 'instructor',
      createdAt: new Date(start + i * 1000),
    }));
    for (let from = 0; from < users; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, users - from) }, (_, k) => {
        const i = from + k;
        return i < instructors.length
          ? instructors[i]
          : {
              userName: `Bench Student ${i + 1}`,
              email: `bench.student${i + 1}@bench.sportify.camp`,
              userPhoto: '',
              gender: 'other',
              createdAt: new Date(start + i * 1000),
            };
      });
      await db.collection('users').insertMany(batch, { ordered: false });
    }
    for (let from = firstClass; from < classes; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, classes - from) }, (_, k) => {
        const i = from + k;
        const sport = SPORTS[i % SPORTS.length];
        const coach = instructors[i % instructors.length];
        return {
          className: `${sport[0].toUpperCase()}${sport.slice(1)} ${LEVELS[i % LEVELS.length]} ${i + 1}`,
          classImage: `${assetBaseUrl}/images/classes/${sport}.svg`,
          instructorName: coach.userName,
          instructorEmail: coach.email,
          seats: i % 7 === 0 ? 0 : (i * 13) % 40,
          capacity: (i % 7 === 0 ? 0 : (i * 13) % 40) + ((i * 17) % 60),
          price: 20 + ((i * 37) % 380),
          status: i % 20 === 0 ? 'pending' : i % 33 === 0 ? 'denied' : 'approved',
          date: new Date(start + i * 60_000),
          enrolled: (i * 17) % 60,
          // One holder (payment intent) per enrolled student, as payments leave them.
          seatHolders: Array.from({ length: (i * 17) % 60 }, (_, k) => `pi_bench_${i}_${k}`),
          feedback: '',
        };
      });
      await db.collection('classes').insertMany(batch, { ordered: false });
    }
    // Written behind the API's back: bump the lists' cache generations, as another replica's write would, so a
    // running API reloads them within PUBLIC_CACHE_SYNC_MS.
    for (const tag of ['classes', 'users'])
      await db.collection('cache_generations').updateOne({ _id: tag }, { $inc: { gen: 1 } }, { upsert: true });
    return { classes: classes - firstClass, users };
  } finally {
    await conn.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const uri = process.argv[2] ?? process.env.MONGODB_URI;
  if (!uri) {
    console.error('usage: node api/bench/dataset.mjs <mongodb-uri>');
    process.exit(1);
  }
  const started = Date.now();
  writeDataset(uri).then(
    (n) =>
      console.log(`Wrote ${n.classes} classes and ${n.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
