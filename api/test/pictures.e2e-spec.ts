import sharp from 'sharp';
import { ClaimedJobRunner } from '../src/jobs/claimed-job-runner';
import { IMPORT_JOB } from '../src/pictures/pictures.service';
import { JORDAN } from './support/demo';
import { pngHeaderOf, pngOf, SCRIPTED_SVG, startPictureServer, type PictureServer } from './support/picture-server';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

const MB = 1024 * 1024;
const classBody = { className: 'Picture Class', seats: 10, price: 50 };

describe('pictures', () => {
  let t: TestApp;
  let web: PictureServer;
  let jordan: Session;
  let gpsJpeg: Buffer;

  beforeAll(async () => {
    gpsJpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'camera-owner-secret' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
      })
      .toBuffer();
    const picture = await pngOf(1600, 1000);
    web = await startPictureServer({
      '/class.png': picture,
      '/photo.jpg': gpsJpeg,
      '/text.png': Buffer.from('This is a text file with a picture name.\n'),
      '/bomb.png': pngHeaderOf(50_000, 50_000),
      '/script.svg': SCRIPTED_SVG,
      '/big.png': Buffer.concat([picture, Buffer.alloc(11 * MB)]),
      '/to-private': { redirect: 'http://10.0.0.1/class.png' },
      '/r1': { redirect: '/class.png' },
      '/r2': { redirect: '/r1' },
      '/r3': { redirect: '/r2' },
      '/r4': { redirect: '/r3' },
      '/hang': 'hang',
    });
    t = await startTestApp({
      seed: true,
      env: {
        // The local server is the only private address:port the import may reach.
        PICTURE_IMPORT_ALLOW: `127.0.0.1:${web.port}`,
        // The tests run the job's passes themselves.
        PICTURE_IMPORT_INTERVAL_MS: '0',
        PICTURE_IMPORT_ATTEMPTS: '2',
        PICTURE_IMPORT_RETRY_SECONDS: '1',
        PICTURE_IMPORT_TIMEOUT_SECONDS: '1',
      },
    });
    jordan = await signInAs(t, JORDAN.email, JORDAN.password);
  });
  afterAll(async () => {
    await t?.close();
    await web?.close();
  });

  const ownClass = async (id: string) => {
    const res = await t.http().get(`/classes/user/${JORDAN.email}?limit=60`).set(jordan.auth).expect(200);
    return (res.body.items as { _id: string; classImage: string; picture: Record<string, string> }[]).find(
      (c) => c._id === id,
    )!;
  };

  /** Adds a class with `classImage`, runs the import job until it is no longer pending; the class as listed. */
  const imported = async (classImage: string, whileImporting?: (id: string) => Promise<void>) => {
    const res = await t
      .http()
      .post('/classes')
      .set(jordan.auth)
      .send({ ...classBody, classImage })
      .expect(201);
    const id = res.body.insertedId as string;
    await whileImporting?.(id);
    const runner = t.app.get(ClaimedJobRunner);
    for (let i = 0; i < 60; i++) {
      await runner.run(IMPORT_JOB);
      const cls = await ownClass(id);
      if (cls.picture.status !== 'pending') return cls;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`The import of ${classImage} never finished`);
  };

  const upload = (bytes: Buffer, name: string, auth = jordan.auth) =>
    t.http().post('/pictures').set(auth).attach('file', bytes, name);

  describe('the import refuses', () => {
    it.each([
      ['http://127.0.0.1/a.png', '127.0.0.1 is a loopback address'],
      ['http://[::1]/a.png', '[::1] is a loopback address'],
      ['http://10.0.0.1/a.png', '10.0.0.1 is a private address'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local (metadata) address'],
      ['http://[::ffff:127.0.0.1]/a.png', 'is a loopback address'],
      ['http://100.64.0.1/a.png', 'a carrier-grade NAT address'],
      ['ftp://example.com/a.png', 'classImage must be an http(s) URL'],
    ])('%s at once, with 400 and the reason', async (classImage, reason) => {
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...classBody, classImage })
        .expect(400);
      expect(res.body.message).toContain(reason);
    });

    it('a DNS name that resolves to loopback (localhost, from /etc/hosts through the system resolver)', async () => {
      // Another port than the allowed one: only that exact address:port is let through.
      const cls = await imported(`http://localhost:${web.port + 1}/class.png`);
      expect(cls.picture).toEqual({
        status: 'failed',
        error: expect.stringMatching(/resolves to .*a loopback address/),
      });
    });

    it('a redirect to a private address, without connecting to it', async () => {
      const cls = await imported(`${web.origin}/to-private`);
      expect(cls.picture).toEqual({
        status: 'failed',
        error: expect.stringContaining('10.0.0.1 is a private address'),
      });
    });

    it('more than 3 redirects (3 are followed)', async () => {
      expect((await imported(`${web.origin}/r4`)).picture).toEqual({
        status: 'failed',
        error: 'more than 3 redirects',
      });
      expect((await imported(`${web.origin}/r3`)).picture.status).toBe('ready');
    });

    it('a 50,000 x 50,000 PNG, before decoding it', async () => {
      expect((await imported(`${web.origin}/bomb.png`)).picture).toEqual({
        status: 'failed',
        error: 'the picture has more than 40 million pixels',
      });
    });

    it('an SVG with a script', async () => {
      expect((await imported(`${web.origin}/script.svg`)).picture).toEqual({
        status: 'failed',
        error: expect.stringContaining('the SVG picture has a script'),
      });
    });

    it('a text file named .png (served as image/png)', async () => {
      expect((await imported(`${web.origin}/text.png`)).picture).toEqual({
        status: 'failed',
        error: 'the file is not a picture (JPEG, PNG, WebP, AVIF or GIF)',
      });
    });

    it('an 11 MB file', async () => {
      expect((await imported(`${web.origin}/big.png`)).picture).toEqual({
        status: 'failed',
        error: 'the picture is larger than 10 MB',
      });
    });

    it('an address that never answers: tried again, then given up', async () => {
      const cls = await imported(`${web.origin}/hang`, async (id) => {
        // Saved at once; the pages show the placeholder meanwhile.
        expect((await ownClass(id)).picture).toEqual({ status: 'pending' });
      });
      expect(cls.picture).toEqual({ status: 'failed', error: 'no answer within 1 s (after 2 tries)' });
      expect(web.hits.filter((p) => p === '/hang')).toHaveLength(2);
      // The card keeps the URL as given (the spec's field); the pages show the placeholder.
      expect(cls.classImage).toBe(`${web.origin}/hang`);
    });
  });

  describe('an imported picture', () => {
    it('is re-encoded without its metadata and served by the site at fixed widths', async () => {
      const cls = await imported(`${web.origin}/photo.jpg`);
      expect(cls.picture).toEqual({ status: 'ready', id: expect.stringMatching(/^[a-f0-9]{32}$/) });
      const id = cls.picture.id;
      // The spec's field is a URL of the site's own copy.
      expect(cls.classImage).toBe(`${t.config.mail.siteUrl}/pictures/${id}/960.jpg`);

      const jpg = await t.http().get(`/pictures/${id}/960.jpg`).buffer(true).expect(200);
      expect(jpg.headers['content-type']).toBe('image/jpeg');
      expect(jpg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(jpg.body as Buffer).metadata();
      expect(meta.width).toBe(960);
      expect(meta.exif).toBeUndefined();
      expect((jpg.body as Buffer).includes(Buffer.from('camera-owner-secret'))).toBe(false);
      expect(Buffer.compare(jpg.body as Buffer, gpsJpeg)).not.toBe(0);

      for (const [file, type] of [
        ['320.avif', 'image/avif'],
        ['640.webp', 'image/webp'],
      ] as const) {
        const res = await t.http().get(`/pictures/${id}/${file}`).buffer(true).expect(200);
        expect(res.headers['content-type']).toBe(type);
        expect((await sharp(res.body as Buffer).metadata()).width).toBe(Number(file.split('.')[0]));
      }
      // Never enlarged past the kept picture (1200 wide).
      expect((await sharp((await t.http().get(`/pictures/${id}/1280.webp`).buffer(true)).body).metadata()).width).toBe(
        1200,
      );
    });

    it('answers a conditional request with 304, and other sizes or ids with 404', async () => {
      const { picture } = await imported(`${web.origin}/class.png`);
      const first = await t.http().get(`/pictures/${picture.id}/480.webp`).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"/);
      await t.http().get(`/pictures/${picture.id}/480.webp`).set('If-None-Match', etag).expect(304);
      await t.http().get(`/pictures/${picture.id}/481.webp`).expect(404);
      await t.http().get(`/pictures/${picture.id}/480.gif`).expect(404);
      await t
        .http()
        .get(`/pictures/${'0'.repeat(32)}/480.webp`)
        .expect(404);
    });

    it('is kept once per content: the same picture from two URLs has one id', async () => {
      const a = await imported(`${web.origin}/class.png`);
      const b = await imported(`${web.origin}/r1`);
      expect(b.picture.id).toBe(a.picture.id);
      expect(
        await t
          .db()
          .collection('pictures')
          .countDocuments({ _id: a.picture.id } as never),
      ).toBe(1);
    });
  });

  describe('uploads', () => {
    it('keeps a PNG and gives a class its picture at once', async () => {
      const up = await upload(await pngOf(800, 500), 'court.png').expect(201);
      expect(up.body).toEqual({
        id: expect.stringMatching(/^[a-f0-9]{32}$/),
        width: 800,
        height: 500,
        url: `${t.config.mail.siteUrl}/pictures/${up.body.id}/960.jpg`,
      });
      const res = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...classBody, pictureId: up.body.id })
        .expect(201);
      const cls = await ownClass(res.body.insertedId);
      expect(cls.picture).toEqual({ status: 'ready', id: up.body.id });
      expect(cls.classImage).toBe(up.body.url);
    });

    it.each([
      ['a text file named .png', () => Buffer.from('not a picture at all'), 'court.png', 400, 'is not a picture'],
      ['a 50,000 x 50,000 PNG', () => pngHeaderOf(50_000, 50_000), 'bomb.png', 400, 'more than 40 million pixels'],
      ['an SVG with a script', () => SCRIPTED_SVG, 'logo.svg', 400, 'the SVG picture has a script'],
      ['an 11 MB file', () => Buffer.alloc(11 * MB, 1), 'huge.png', 413, 'A picture must be at most 10 MB'],
    ])('refuses %s', async (_what, bytes, name, status, message) => {
      const res = await upload(bytes(), name).expect(status);
      expect(res.body.message).toContain(message);
    });

    it('needs a signed-in caller, and a class needs a picture one way or the other', async () => {
      await t
        .http()
        .post('/pictures')
        .attach('file', await pngOf(10, 10), 'a.png')
        .expect(401);
      const res = await t.http().post('/classes').set(jordan.auth).send(classBody).expect(400);
      expect(res.body.message).toContain('Photo URL is required');
      const unknown = await t
        .http()
        .post('/classes')
        .set(jordan.auth)
        .send({ ...classBody, pictureId: 'f'.repeat(32) })
        .expect(400);
      expect(unknown.body.message).toContain('names no uploaded picture');
    });
  });

  describe('people', () => {
    it("imports a registering person's photo URL, and /me shows it only once the site holds it", async () => {
      const student = await newStudent(t, 'photo', false);
      await t
        .http()
        .post('/users')
        .set(student.auth)
        .send({ userName: 'Photo Person', email: student.email, userPhoto: `${web.origin}/class.png` })
        .expect(201);
      expect((await t.http().get('/me').set(student.auth).expect(200)).body).toMatchObject({
        photoURL: null,
        pictureId: null,
      });
      await t.app.get(ClaimedJobRunner).run(IMPORT_JOB);
      const user = await t.db().collection('users').findOne({ email: student.email });
      expect(user).toMatchObject({ pictureStatus: 'ready', pictureId: expect.stringMatching(/^[a-f0-9]{32}$/) });
      expect(user!.userPhoto).toBe(`${t.config.mail.siteUrl}/pictures/${user!.pictureId}/960.jpg`);
    });

    it('changes the profile photo to an upload at once, or to a URL once its import has run', async () => {
      const student = await newStudent(t, 'profile');
      const up = await t
        .http()
        .post('/pictures')
        .set(student.auth)
        .attach('file', await pngOf(400, 400), 'me.png')
        .expect(201);
      const uploaded = await t.http().patch('/me').set(student.auth).send({ pictureId: up.body.id }).expect(200);
      expect(uploaded.body).toMatchObject({ pictureId: up.body.id, photoURL: expect.stringContaining(up.body.id) });

      const given = await t
        .http()
        .patch('/me')
        .set(student.auth)
        .send({ userPhoto: `${web.origin}/photo.jpg` })
        .expect(200);
      // Not held yet: initials, never the URL given.
      expect(given.body).toMatchObject({ photoURL: null, pictureId: null });
      await t.app.get(ClaimedJobRunner).run(IMPORT_JOB);
      const me = (await t.http().get('/me').set(student.auth).expect(200)).body;
      expect(me.pictureId).toMatch(/^[a-f0-9]{32}$/);
      expect(me.pictureId).not.toBe(up.body.id);
    });

    it('refuses a profile photo URL the import may never fetch, and changes nothing', async () => {
      const student = await newStudent(t, 'profile-refused');
      const fields = { projection: { _id: 0, userName: 1, userPhoto: 1, pictureId: 1 } };
      const before = await t.db().collection('users').findOne({ email: student.email }, fields);
      const res = await t
        .http()
        .patch('/me')
        .set(student.auth)
        .send({ userName: 'Changed', userPhoto: 'http://169.254.169.254/latest/meta-data/' })
        .expect(400);
      expect(res.body.message).toMatch(/^Photo URL refused/);
      expect(await t.db().collection('users').findOne({ email: student.email }, fields)).toEqual(before);
    });
  });
});
