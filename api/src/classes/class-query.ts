import { containsText } from '../common/paging';
import type { ClassStatus } from './class.model';

/** Filters of the class lists; `text` matches the name or the instructor (literally, any case). */
export interface ClassQuery {
  status?: ClassStatus;
  instructorEmail?: string;
  text?: string;
  /** Also match `text` in the instructor's e-mail (admin search; the public search is by names only). */
  textInEmail?: boolean;
  withSeats?: boolean;
  minPrice?: number;
  maxPrice?: number;
  /** Only classes starting at or after this instant. */
  startsFrom?: Date;
  /** Only classes whose age range admits this age (classes without a range admit everyone). */
  age?: number;
}

export type ClassOrder = 'popular' | 'price' | '-price' | 'newest' | 'name' | 'start';

// Every order ends on _id, so equal keys keep one order and pages neither overlap nor skip.
export const ORDERS: Record<ClassOrder, Record<string, 1 | -1>> = {
  popular: { enrolled: -1, _id: 1 },
  price: { price: 1, _id: 1 },
  '-price': { price: -1, _id: 1 },
  newest: { date: -1, _id: -1 },
  name: { className: 1, _id: 1 },
  start: { startDate: 1, _id: 1 },
};

export function toFilter(q: ClassQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (q.status) filter.status = q.status;
  if (q.instructorEmail) filter.instructorEmail = q.instructorEmail;
  if (q.withSeats) filter.seats = { $gt: 0 };
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    filter.price = {
      ...(q.minPrice !== undefined ? { $gte: q.minPrice } : {}),
      ...(q.maxPrice !== undefined ? { $lte: q.maxPrice } : {}),
    };
  }
  if (q.startsFrom) filter.startDate = { $gte: q.startsFrom };
  const text = containsText(q.text, ['className', 'instructorName', ...(q.textInEmail ? ['instructorEmail'] : [])]);
  // Each condition is an `$or`, so they go under `$and` rather than overwrite each other.
  const ors = [
    ...(text ? [text] : []),
    ...(q.age !== undefined
      ? [
          { $or: [{ minAge: null }, { minAge: { $lte: q.age } }] },
          { $or: [{ maxAge: null }, { maxAge: { $gte: q.age } }] },
        ]
      : []),
  ];
  if (ors.length === 1) return { ...filter, ...ors[0] };
  return ors.length ? { ...filter, $and: ors } : filter;
}
