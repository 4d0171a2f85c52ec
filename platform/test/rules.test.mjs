// The product rules every package imports by name: ages, money, camp dates and the screens' routes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { admitsAge, ageLabel, ageOn, ageRangeText, birthDateProblem, hasAgeRange } from '@sportify/platform/ages';
import {
  ageCountDay,
  campDateText,
  campDay,
  campInputValue,
  isCalendarDay,
  parseZoned,
} from '@sportify/platform/dates';
import {
  dollarsAfter,
  dollarsBefore,
  fromCents,
  receiptLines,
  receiptLineText,
  toCents,
} from '@sportify/platform/money';
import { dashboardHome, routes } from '@sportify/platform/routes';
import { assembleRoutes, matchScreen } from '@sportify/platform/screens';

describe('ages', () => {
  test('a range as messages word it and as a class line shows it', () => {
    assert.equal(ageRangeText({ minAge: 12, maxAge: 15 }), '12\u201315');
    assert.equal(ageRangeText({ minAge: 8 }), '8+');
    assert.equal(ageRangeText({ maxAge: 7, minAge: null }), 'up to 7');
    assert.equal(ageRangeText({}), '');
    assert.equal(ageLabel({ minAge: 8, maxAge: 12 }), 'Ages 8\u201312');
    assert.equal(ageLabel({ minAge: 8 }), 'Ages 8+');
    assert.equal(ageLabel({ maxAge: 12 }), 'Up to age 12');
    assert.equal(ageLabel({ minAge: 0 }), 'Ages 0+');
    assert.equal(ageLabel({ minAge: null, maxAge: null }), '');
    assert.equal(hasAgeRange({ minAge: 0 }), true);
    assert.equal(hasAgeRange({ minAge: null }), false);
  });

  test('whole years on the given day, the birthday itself included; a leap-day birthday counts on 1 March', () => {
    assert.equal(ageOn('2018-07-06', '2026-07-05'), 7);
    assert.equal(ageOn('2018-07-06', '2026-07-06'), 8);
    assert.equal(ageOn('2018-07-06', '2026-12-31T10:00'), 8);
    assert.equal(ageOn('2016-02-29', '2025-02-28'), 8);
    assert.equal(ageOn('2016-02-29', '2025-03-01'), 9);
  });

  test('a range admits its ends, and everyone when there is none', () => {
    assert.equal(admitsAge({ minAge: 8, maxAge: 12 }, 8), true);
    assert.equal(admitsAge({ minAge: 8, maxAge: 12 }, 12), true);
    assert.equal(admitsAge({ minAge: 8, maxAge: 12 }, 13), false);
    assert.equal(admitsAge({ minAge: 8 }, 7), false);
    assert.equal(admitsAge({ minAge: 0, maxAge: null }, 0), true);
    assert.equal(admitsAge({}, 3), true);
  });

  test("ages count on the class's start in the camp's calendar, or today for an undated class", () => {
    // 02:00 UTC on 6 July is still 5 July in New York.
    assert.equal(ageCountDay('2027-07-06T02:00:00Z', 'America/New_York'), '2027-07-05');
    assert.equal(ageCountDay(null, 'America/New_York', new Date('2027-01-01T12:00:00Z')), '2027-01-01');
  });

  test('a date of birth is in the past and at most 25 years ago', () => {
    assert.equal(birthDateProblem('2026-05-01', '2026-05-01'), 'Date of birth must be in the past');
    assert.equal(birthDateProblem('2001-05-01', '2026-05-01'), null);
    assert.equal(birthDateProblem('2001-04-30', '2026-05-01'), 'Date of birth must be within the last 25 years');
  });
});

describe('camp dates', () => {
  test("an instant in the camp's format and zone; nothing for no date", () => {
    assert.equal(campDateText('2027-07-06T13:00:00Z', 'America/New_York'), 'Tue, Jul 6, 2027, 9:00 AM EDT');
    assert.equal(campDateText(new Date('2027-01-06T14:30:00Z'), 'America/New_York'), 'Wed, Jan 6, 2027, 9:30 AM EST');
    assert.equal(campDateText(undefined, 'America/New_York'), '');
    assert.equal(campDateText('not a date', 'America/New_York'), '');
  });

  test("the camp's local time of an input, and back", () => {
    assert.equal(campInputValue('2027-07-06T04:05:00Z', 'America/New_York'), '2027-07-06T00:05');
    assert.equal(parseZoned('2027-07-06T00:05', 'America/New_York')?.toISOString(), '2027-07-06T04:05:00.000Z');
    assert.equal(campInputValue(null, 'America/New_York'), '');
  });

  test('days', () => {
    assert.equal(campDay('Europe/Paris', new Date('2027-07-05T23:30:00Z')), '2027-07-06');
    assert.equal(isCalendarDay('2028-02-29'), true);
    assert.equal(isCalendarDay('2027-02-29'), false);
  });
});

describe('money', () => {
  test('cents both ways', () => {
    assert.equal(toCents(19.99), 1999);
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(fromCents(1999), 19.99);
  });

  test("the specification's '{amount}$' and the tables' '$1,234.50'", () => {
    assert.equal(dollarsAfter(90), '90$');
    assert.equal(dollarsAfter(90.5), '90.50$');
    assert.equal(dollarsAfter(Number.NaN), '');
    assert.equal(dollarsBefore(90), '$90');
    assert.equal(dollarsBefore(1234.5), '$1,234.50');
    assert.equal(dollarsBefore(-12), '-$12');
    assert.equal(dollarsBefore(-0.5), '-$0.50');
    assert.equal(dollarsBefore(999), '$999');
    assert.equal(dollarsBefore(1000), '$1,000');
    assert.equal(dollarsBefore(1234567.05), '$1,234,567.05');
    assert.equal(dollarsBefore(-10000), '-$10,000');
    assert.equal(dollarsBefore(Number.POSITIVE_INFINITY), '');
  });

  test("a receipt's lines", () => {
    assert.deepEqual(receiptLines({ amount: 90.5, transactionId: 'pi_1' }).map(receiptLineText), [
      'Amount paid: 90.50$',
      'Transaction: pi_1',
    ]);
  });
});

describe('routes', () => {
  test("the navbar's Dashboard per role", () => {
    assert.equal(dashboardHome('admin'), '/dashboard/all-users');
    assert.equal(dashboardHome('instructor'), '/dashboard/add-class');
    assert.equal(dashboardHome('student'), '/dashboard/selected-classes');
    assert.equal(dashboardHome(null), '/dashboard/selected-classes');
  });

  test("every route is a screen some remote's screens.json declares (or the shell's own)", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const byRemote = {};
    for (const dir of readdirSync(root).filter((name) => name.startsWith('mf-'))) {
      const file = path.join(root, dir, 'src/screens.json');
      if (existsSync(file)) byRemote[dir] = JSON.parse(readFileSync(file, 'utf8'));
    }
    const table = assembleRoutes(byRemote);
    const paths = Object.values(routes).map((route) => (typeof route === 'function' ? route('0123abcd') : route));
    const unknown = paths.filter((p) => p !== routes.login && !matchScreen(table, p));
    assert.deepEqual(unknown, []);
    assert.equal(routes.payment('a/b'), '/dashboard/payment/a%2Fb');
  });
});
