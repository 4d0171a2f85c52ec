import { startTestApp, testEnv } from './support/test-app';

// DB_SETUP_AT_BOOT: production pods only check the collections and indexes the setup command made, and refuse to
// start without them; development (and these tests) create them at boot.
describe('the database setup at boot', () => {
  it('check refuses a database that was never set up, naming what is missing; after the setup it starts', async () => {
    const env = testEnv({ DB_SETUP_AT_BOOT: 'check' });
    await expect(startTestApp({ env })).rejects.toThrow(
      /The database is not set up for this version of the API \(DB_SETUP_AT_BOOT=check\): .*collection users is missing;.*npm run db:setup -w api/,
    );
    // The setup (what setup-run.js and the chart's Job do: the whole API's models, created) ...
    const setUp = await startTestApp({ env: { ...env, DB_SETUP_AT_BOOT: 'create' } });
    await setUp.app.close();
    // ... and now a pod that only checks starts and answers.
    const checked = await startTestApp({ env });
    try {
      await checked.http().get('/health/ready').expect(200);
    } finally {
      await checked.close();
    }
  });

  it('check refuses a missing index and a replaced one still in place', async () => {
    const env = testEnv({ DB_SETUP_AT_BOOT: 'create' });
    const setUp = await startTestApp({ env });
    const db = setUp.db().db!;
    await db.collection('payments').dropIndex('transactionId_1');
    await db
      .collection('selections')
      .createIndex({ studentEmail: 1, classId: 1 }, { name: 'studentEmail_1_classId_1' });
    await setUp.app.close();
    const checking = startTestApp({ env: { ...env, DB_SETUP_AT_BOOT: 'check' } });
    await expect(checking).rejects.toThrow(/payments lacks the index \{"transactionId":1\}/);
    await expect(checking).rejects.toThrow(/selections still has the replaced index studentEmail_1_classId_1/);
    const again = await startTestApp({ env });
    await again.close();
  });

  it('a value other than create or check stops the boot, naming it', async () => {
    await expect(startTestApp({ env: { DB_SETUP_AT_BOOT: 'maybe' } })).rejects.toThrow(
      /DB_SETUP_AT_BOOT must be one of create, check \(got "maybe"\)/,
    );
  });
});
