import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ClaimedJobRunner } from '../src/jobs/claimed-job-runner';
import { IMPORT_JOB } from '../src/pictures/pictures.service';
import { JORDAN } from './support/demo';
import { pngOf, startPictureServer, type PictureServer } from './support/picture-server';
import { signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

// The picture store in an S3 bucket, against a real S3-compatible server (test/support/s3-server.mjs, started for the
// whole run by test/global-setup.mjs).
const BUCKET = 'sportify-pictures-test';
const credentials = { accessKeyId: 'sportify-test', secretAccessKey: 'sportify-test-secret' };

describe('pictures in an S3 bucket', () => {
  let t: TestApp;
  const endpoint = process.env.SPORTIFY_TEST_S3_ENDPOINT!;
  let client: S3Client;
  let web: PictureServer;
  let jordan: Session;

  beforeAll(async () => {
    client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    web = await startPictureServer({ '/court.png': await pngOf(900, 600) });
    // The SDK reads the credentials from the environment, as in production.
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    t = await startTestApp({
      seed: true,
      env: {
        PICTURE_BUCKET: BUCKET,
        PICTURE_S3_ENDPOINT: endpoint,
        PICTURE_IMPORT_ALLOW: `127.0.0.1:${web.port}`,
        PICTURE_IMPORT_INTERVAL_MS: '0',
      },
    });
    jordan = await signInAs(t, JORDAN.email, JORDAN.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await web?.close();
    client?.destroy();
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);

  it('keeps uploads and imports in the bucket, not in GridFS, and serves their sizes from it', async () => {
    const up = await t
      .http()
      .post('/pictures')
      .set(jordan.auth)
      .attach('file', await pngOf(800, 500), 'court.png')
      .expect(201);
    const res = await t
      .http()
      .post('/classes')
      .set(jordan.auth)
      .send({ className: 'S3 class', classImage: `${web.origin}/court.png`, seats: 4, price: 20 })
      .expect(201);
    await t.app.get(ClaimedJobRunner).run(IMPORT_JOB);
    const cls = await t.db().collection('classes').findOne({ className: 'S3 class' });
    expect(cls).toMatchObject({ pictureStatus: 'ready', pictureId: expect.stringMatching(/^[a-f0-9]{32}$/) });
    expect(res.body.insertedId).toBe(cls!._id.toString());

    const webp = await t.http().get(`/pictures/${up.body.id}/640.webp`).buffer(true).expect(200);
    expect((await sharp(webp.body as Buffer).metadata()).width).toBe(640);
    expect(await keys()).toEqual(
      expect.arrayContaining([`${up.body.id}/master.webp`, `${up.body.id}/640.webp`, `${cls!.pictureId}/master.webp`]),
    );
    // The seed's artwork went to the bucket too; GridFS holds nothing.
    expect(await t.db().collection('pictures.files').countDocuments()).toBe(0);
  });
});
