import { readFileSync } from 'node:fs';
import { CONTRACT_JSON } from '../src/openapi/contract';
import { ADMIN, JORDAN } from './support/demo';
import { confirmCard, openIntent, recordPayment } from './support/payments';
import { newStudent, signInAs, startTestApp, type Session, type TestApp } from './support/test-app';

// The contract (api/openapi.json, checked against the source by contract.spec.ts) against the running API: the
// response shapes it declares are what the API really sends.
describe('the API contract against the running API', () => {
  const committedJson = readFileSync(CONTRACT_JSON, 'utf8');
  type Schema = { properties?: Record<string, { items?: { $ref: string } }>; required?: string[] };
  // A list answers an array, or (the paged forms) an array without parameters and a page with any.
  type ResponseSchema = {
    items?: { $ref: string };
    oneOf?: Array<{ type?: string; items?: { $ref: string }; $ref?: string }>;
  };
  const document = JSON.parse(committedJson) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: ResponseSchema }> }> }>
    >;
    components: { schemas: Record<string, Schema> };
  };
  let t: TestApp;
  let as: Record<'admin' | 'instructor' | 'student', Session>;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    as = {
      admin: await signInAs(t, ADMIN.email, ADMIN.password),
      instructor: await signInAs(t, JORDAN.email, JORDAN.password),
      student: await newStudent(t, 'contract'),
    };
    // A student with one paid class and one selected, so their two lists have items. The paid class is a popular
    // one of Jordan's, with a start date (the enrolment shows until when it may be cancelled), a payment plan and an
    // early-bird price, paid by its deposit: every class list and the enrolments then show the plan's fields.
    type Listed = { _id: string; seats: number; price: number; instructorEmail: string };
    const open = ((await t.http().get('/classes').expect(200)).body as Listed[]).filter((c) => c.seats > 0);
    const planned = ((await t.http().get('/classes/popular').expect(200)).body as Listed[]).find(
      (c) => c.seats > 0 && c.instructorEmail === JORDAN.email,
    )!;
    await t
      .http()
      .patch(`/classes/${planned._id}`)
      .set(as.instructor.auth)
      .send({
        startDate: new Date(Date.now() + 30 * 86400_000).toISOString(),
        deposit: Math.floor(planned.price / 3),
        installments: 2,
      })
      .expect(200);
    await t.http().patch(`/classes/status/${planned._id}`).set(as.admin.auth).send({ status: 'approved' }).expect(200);
    await t
      .http()
      .put(`/discounts/early-bird/${planned._id}`)
      .set(as.admin.auth)
      .send({ price: planned.price - 10, until: '2099-01-01' })
      .expect(200);
    const plannedSelection = (
      await t.http().post('/classes/selected').set(as.student.auth).send({ classId: planned._id }).expect(201)
    ).body.insertedId as string;
    const deposit = (
      await t
        .http()
        .post('/create-payment-intent')
        .set(as.student.auth)
        .send({ selectionId: plannedSelection, plan: 'deposit', saveCard: true })
        .expect(200)
    ).body as { clientSecret: string; paymentIntentId: string };
    await confirmCard(t, as.student, deposit.clientSecret).expect(200);
    await recordPayment(
      t,
      as.student,
      { intentId: deposit.paymentIntentId, selectionId: plannedSelection },
      planned._id,
    ).expect(201);
    const other = open.find((c) => c._id !== planned._id)!;
    await t.http().post('/classes/selected').set(as.student.auth).send({ classId: other._id }).expect(201);
    // And a camper of theirs, enrolled in one class and selected for another, so the lists show the camper fields.
    const born = new Date(Date.now() - (10 * 365 + 180) * 86400_000).toISOString().slice(0, 10);
    const camperId = (
      await t
        .http()
        .post('/campers')
        .set(as.student.auth)
        .send({ name: 'Contract Kid', dateOfBirth: born, emergencyContact: 'Parent', emergencyPhone: '555 010 0100' })
        .expect(201)
    ).body._id as string;
    const forKid = (
      (await t.http().get('/classes').expect(200)).body as Array<{
        _id: string;
        seats: number;
        minAge?: number;
        maxAge?: number;
      }>
    ).filter((c) => c.seats > 0 && (c.minAge ?? 0) <= 10 && (c.maxAge ?? 99) >= 10);
    const kidSelection = (
      await t
        .http()
        .post('/classes/selected')
        .set(as.student.auth)
        .send({ classId: forKid[0]._id, camperId })
        .expect(201)
    ).body.insertedId as string;
    const kidPaid = await openIntent(t, as.student, kidSelection);
    await confirmCard(t, as.student, kidPaid.clientSecret).expect(200);
    await recordPayment(t, as.student, { ...kidPaid, selectionId: kidSelection }, forKid[0]._id).expect(201);
    await t
      .http()
      .post('/classes/selected')
      .set(as.student.auth)
      .send({ classId: forKid[1]._id, camperId })
      .expect(201);
    // And one held for them: they join the full class's waitlist behind the seed's two students, and its instructor
    // adds three seats, which go to the three in line once the class is approved again.
    const full = ((await t.http().get('/classes').expect(200)).body as Array<{ _id: string; seats: number }>).find(
      (c) => c.seats === 0,
    )!;
    await t.http().post(`/waitlist/${full._id}`).set(as.student.auth).expect(201);
    const avery = await signInAs(t, 'avery@sportify.camp', JORDAN.password);
    const mine = (await t.http().get('/classes/user/avery@sportify.camp').set(avery.auth).expect(200)).body as Array<{
      _id: string;
      capacity: number;
    }>;
    const capacity = mine.find((c) => c._id === full._id)!.capacity;
    await t
      .http()
      .patch(`/classes/${full._id}`)
      .set(avery.auth)
      .send({ capacity: capacity + 3 })
      .expect(200);
    await t.http().patch(`/classes/status/${full._id}`).set(as.admin.auth).send({ status: 'approved' }).expect(200);
  });
  afterAll(() => t.close());

  it('serves the same document at /docs-json as the one built without a database', async () => {
    const res = await t.http().get('/docs-json').expect(200);
    expect(res.body).toEqual(JSON.parse(committedJson));
  });

  // Every list the seed fills: each item has exactly the declared properties (no extra field, no missing
  // required one), so a front end typed from the contract reads what is there.
  const lists: Array<[string, string, 'admin' | 'instructor' | 'student' | null]> = [
    ['/classes', '/classes', null],
    ['/classes/popular', '/classes/popular', null],
    ['/instructors', '/instructors', null],
    ['/users/popular', '/users/popular', null],
    ['/users/admin', '/users/admin', null],
    ['/users', '/users', 'admin'],
    ['/all-classes', '/all-classes', 'admin'],
    ['/classes/user/{email}', `/classes/user/${JORDAN.email}`, 'instructor'],
    ['/classes/selected/{email}', '/classes/selected/{student}', 'student'],
    ['/payments/enrolled/{email}', '/payments/enrolled/{student}', 'student'],
  ];
  const schemaOf = (ref: string) => document.components.schemas[ref.split('/').pop()!];
  const expectDeclared = (items: Array<Record<string, unknown>>, schema: Schema) => {
    const declared = Object.keys(schema.properties ?? {}).sort();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(declared).toEqual(expect.arrayContaining(Object.keys(item)));
      expect(Object.keys(item)).toEqual(expect.arrayContaining(schema.required ?? []));
    }
    expect(declared.filter((key) => items.every((item) => !(key in item)))).toEqual([]);
  };
  it.each(lists)('%s items have exactly the declared fields', async (pathKey, listUrl, role) => {
    // The student is made in beforeAll, after the table above is built.
    const url = listUrl.replace('{student}', as.student.email);
    const get = (path: string) => {
      const req = t.http().get(path);
      return (role ? req.set(as[role].auth) : req).expect(200);
    };
    const schema = document.paths[pathKey].get.responses['200'].content!['application/json'].schema;
    const array = schema.items ?? schema.oneOf?.find((variant) => variant.type === 'array')?.items;
    expectDeclared((await get(url)).body as Array<Record<string, unknown>>, schemaOf(array!.$ref));
    // The paged form: the page's own fields, and its items like the array's.
    const page = schema.oneOf?.find((variant) => variant.$ref)?.$ref;
    if (page) {
      const body = (await get(`${url}?page=1`)).body as { items: Array<Record<string, unknown>> };
      const pageSchema = schemaOf(page);
      expect(Object.keys(body)).toEqual(expect.arrayContaining(pageSchema.required ?? []));
      expectDeclared(body.items, schemaOf(pageSchema.properties!.items.items!.$ref));
    }
  });
});
