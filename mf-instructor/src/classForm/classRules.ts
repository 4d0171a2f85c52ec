import type { FormErrors } from '@sportify/shared-ui';
import { AGE_MAX } from '@sportify/platform/ages';
import { isWholeCents, PRICE_MAX } from '@sportify/platform/money';

// Bounds mirror the API's CreateClassDto / UpdateClassDto (api/src/classes), so a value the form accepts is never
// refused by the server for being out of range.
export const CLASS_NAME_MAX = 120;
export const SEATS_MAX = 1000;
export const SESSIONS_MAX = 52;
export const INSTALLMENTS_MAX = 6;
/** Why a class without a date has no plan (the API's own message). */
export const PLAN_NEEDS_DATE = 'A class without a start date cannot have a payment plan: set its start date first';
export { AGE_MAX, PRICE_MAX };

/** What the instructor types (text controls hold strings; seats and price become numbers on the way out). */
export type ClassFormValues = {
  className: string;
  classImage: string;
  /** The name of a picture file chosen to upload instead of the URL ('' for none). */
  pictureFile: string;
  seats: string;
  price: string;
  /** The camp's local date and time, 'YYYY-MM-DDTHH:mm' (a datetime-local input); '' for no date. */
  startDate: string;
  sessions: string;
  /** Optional age range, whole years; '' for no bound. */
  minAge: string;
  maxAge: string;
  /** Optional payment plan: a deposit in dollars and the installments of the rest, both or neither. */
  deposit: string;
  installments: string;
};

/** The class fields the API takes on POST /classes and PATCH /classes/:id. */
export interface ClassInput {
  className: string;
  /** The picture as a URL; or, instead, an uploaded picture's id (`pictureId`). */
  classImage?: string;
  pictureId?: string;
  seats: number;
  price: number;
  /** Camp local time; the API reads a date without an offset in the camp's time zone. Absent: no date. */
  startDate?: string;
  sessions?: number;
  /** Absent: no bound on that side. */
  minAge?: number;
  maxAge?: number;
  /** Absent: no payment plan. */
  deposit?: number;
  installments?: number;
}

export const EMPTY_CLASS_FORM: ClassFormValues = {
  className: '',
  classImage: '',
  pictureFile: '',
  seats: '',
  price: '',
  startDate: '',
  sessions: '',
  minAge: '',
  maxAge: '',
  deposit: '',
  installments: '',
};

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A real calendar date and time in the years the API takes (2000-2100). */
function isLocalDateTime(text: string): boolean {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const d = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 && year <= 2100 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && hour < 24 && minute < 60
  );
}

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** docs/product.md §5 messages for Add class (with the corrected 'Price is required'), then the API's bounds. */
export function validateClass(values: ClassFormValues): FormErrors<ClassFormValues> {
  const errors: FormErrors<ClassFormValues> = {};
  if (!values.className.trim()) errors.className = 'Class name is required';
  else if (values.className.trim().length > CLASS_NAME_MAX)
    errors.className = `Class name must be at most ${CLASS_NAME_MAX} characters`;

  // Either a file to upload or the URL (docs/product.md §A13).
  if (values.pictureFile) {
    // The file is uploaded with the form; the URL field is not read.
  } else if (!values.classImage.trim()) errors.classImage = 'Photo URL is required';
  else if (!isHttpUrl(values.classImage.trim())) errors.classImage = 'Invalid URL';

  const seats = Number(values.seats);
  if (!values.seats.trim()) errors.seats = 'Seat number is required';
  else if (!Number.isInteger(seats) || seats < 0 || seats > SEATS_MAX)
    errors.seats = `Seats must be a whole number from 0 to ${SEATS_MAX}`;

  const price = Number(values.price);
  if (!values.price.trim()) errors.price = 'Price is required';
  else if (!Number.isFinite(price) || price < 0 || price > PRICE_MAX || !isWholeCents(price)) {
    errors.price = `Price must be from 0 to ${PRICE_MAX} with at most 2 decimals`;
  }

  // Both optional; sessions count weeks from the start date, so they need one.
  if (values.startDate.trim() && !isLocalDateTime(values.startDate.trim()))
    errors.startDate = 'Start date must be a date and time';
  const sessions = Number(values.sessions);
  if (values.sessions.trim()) {
    if (!Number.isInteger(sessions) || sessions < 1 || sessions > SESSIONS_MAX)
      errors.sessions = `Sessions must be a whole number from 1 to ${SESSIONS_MAX}`;
    else if (!values.startDate.trim()) errors.startDate = 'Start date is required for sessions';
  }

  // Both optional; together they must make a range (the API's messages).
  const ageError = (label: string, text: string) => {
    if (!/^\d+$/.test(text.trim())) return `${label} must be a whole number`;
    return Number(text) > AGE_MAX ? `${label} must be between 0 and ${AGE_MAX}` : undefined;
  };
  if (values.minAge.trim()) errors.minAge = ageError('Minimum age', values.minAge);
  if (values.maxAge.trim()) errors.maxAge = ageError('Maximum age', values.maxAge);
  if (!errors.minAge && !errors.maxAge && values.minAge.trim() && values.maxAge.trim()) {
    if (Number(values.minAge) > Number(values.maxAge))
      errors.minAge = 'Minimum age must not be more than the maximum age';
  }

  // Both or neither; the rest is paid in installments until 7 days before the class starts, so it needs a date.
  const deposit = Number(values.deposit);
  const installments = Number(values.installments);
  if (values.deposit.trim() || values.installments.trim()) {
    if (!values.deposit.trim()) errors.deposit = 'A payment plan needs both a deposit and the number of installments';
    else if (!Number.isFinite(deposit) || deposit < 1 || !isWholeCents(deposit))
      errors.deposit = 'Deposit must be a number of dollars with at most 2 decimals';
    else if (!errors.price && deposit >= price) errors.deposit = 'Deposit must be less than the price';
    if (!values.installments.trim())
      errors.installments = 'A payment plan needs both a deposit and the number of installments';
    else if (!Number.isInteger(installments) || installments < 1 || installments > INSTALLMENTS_MAX)
      errors.installments = `Installments must be a whole number from 1 to ${INSTALLMENTS_MAX}`;
    if (!values.startDate.trim()) errors.startDate = PLAN_NEEDS_DATE;
  }
  return errors;
}

/** Form values -> API body: trimmed text, seats and price as numbers (the API refuses numeric strings). */
export function toClassInput(values: ClassFormValues): ClassInput {
  return {
    className: values.className.trim(),
    ...(values.pictureFile ? {} : { classImage: values.classImage.trim() }),
    seats: Number(values.seats),
    price: Number(values.price),
    ...(values.startDate.trim() ? { startDate: values.startDate.trim() } : {}),
    ...(values.sessions.trim() ? { sessions: Number(values.sessions) } : {}),
    ...(values.minAge.trim() ? { minAge: Number(values.minAge) } : {}),
    ...(values.maxAge.trim() ? { maxAge: Number(values.maxAge) } : {}),
    ...(values.deposit.trim() ? { deposit: Number(values.deposit), installments: Number(values.installments) } : {}),
  };
}

/** A stored class -> form values, for the update form (its start date already in camp local time). */
export function toFormValues(
  item: Omit<ClassInput, 'minAge' | 'maxAge'> & { minAge?: number | null; maxAge?: number | null },
): ClassFormValues {
  return {
    className: item.className,
    classImage: item.classImage ?? '',
    pictureFile: '',
    seats: String(item.seats),
    price: String(item.price),
    startDate: item.startDate ?? '',
    sessions: item.sessions ? String(item.sessions) : '',
    minAge: typeof item.minAge === 'number' ? String(item.minAge) : '',
    maxAge: typeof item.maxAge === 'number' ? String(item.maxAge) : '',
    deposit: typeof item.deposit === 'number' ? String(item.deposit) : '',
    installments: typeof item.installments === 'number' ? String(item.installments) : '',
  };
}
