import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Allow,
  Equals,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  Max,
  MinLength,
  IsISO8601,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { AGE_MAX } from '@sportify/platform/ages';
import { IsHttpUrl, PictureIdField } from '../common/dto-rules';
import { PageQueryDto, QueryNumber, QueryWholeNumber, SearchText } from '../common/paging';
import { PRICE_MAX } from '@sportify/platform/money';
import { CLASS_STATUSES, INSTALLMENTS_MAX, SEATS_MAX, SESSIONS_MAX, type ClassStatus } from './class.model';

// Numbers only (the browser converts form values): a string or an operator object is refused, not coerced.
const SeatRules = () =>
  applyDecorators(
    IsInt({ message: 'seats must be a whole number' }),
    Min(0, { message: 'seats must not be negative' }),
    Max(SEATS_MAX, { message: `seats must be at most ${SEATS_MAX}` }),
  );
const PriceRules = () =>
  applyDecorators(
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: 'price must be a number with at most 2 decimals' },
    ),
    Min(0, { message: 'price must not be negative' }),
    Max(PRICE_MAX, { message: `price must be at most ${PRICE_MAX}` }),
  );

// A date and time: with an offset it is that instant; without one it is the camp's local time (CAMP_TIME_ZONE),
// which is what the forms send.
const START_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
const START_MESSAGE = 'Start date must be a date and time, e.g. 2027-07-06T09:00';
const STARTS_FROM_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
export const START_YEARS = { min: 2000, max: 2100 } as const;
const StartDateRules = () =>
  applyDecorators(
    IsString({ message: START_MESSAGE }),
    Matches(START_PATTERN, { message: START_MESSAGE }),
    IsISO8601({ strict: true }, { message: START_MESSAGE }),
    IsStartYear(),
  );
function IsStartYear() {
  return ValidateBy({
    name: 'isStartYear',
    validator: {
      validate: (value: unknown) => {
        const year = typeof value === 'string' ? Number(value.slice(0, 4)) : NaN;
        return year >= START_YEARS.min && year <= START_YEARS.max;
      },
      defaultMessage: () => `Start date must be between ${START_YEARS.min} and ${START_YEARS.max}`,
    },
  });
}
const SessionRules = () =>
  applyDecorators(
    IsInt({ message: 'Sessions must be a whole number' }),
    Min(1, { message: 'Sessions must be at least 1' }),
    Max(SESSIONS_MAX, { message: `Sessions must be at most ${SESSIONS_MAX}` }),
  );
const AgeRules = (label: string) =>
  applyDecorators(
    IsInt({ message: `${label} must be a whole number` }),
    Min(0, { message: `${label} must be between 0 and ${AGE_MAX}` }),
    Max(AGE_MAX, { message: `${label} must be between 0 and ${AGE_MAX}` }),
  );
const ageDoc = (which: string, nullable = false) => ({
  type: Number,
  minimum: 0,
  maximum: AGE_MAX,
  nullable,
  example: which === 'minimum' ? 8 : 12,
  description: `The ${which} age (whole years, counted at the start date)${nullable ? '; null removes it' : ''}`,
});
export const AGE_ORDER_MESSAGE = 'Minimum age must not be more than the maximum age';

// A payment plan (docs/product.md §P1): a deposit in dollars and 1-6 installments of the rest, both or neither.
const DepositRules = () =>
  applyDecorators(
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: 'Deposit must be a number of dollars with at most 2 decimals' },
    ),
    Min(1, { message: 'Deposit must be at least 1 dollar' }),
    Max(PRICE_MAX, { message: `Deposit must be at most ${PRICE_MAX}` }),
  );
const InstallmentRules = () =>
  applyDecorators(
    IsInt({ message: `Installments must be a whole number from 1 to ${INSTALLMENTS_MAX}` }),
    Min(1, { message: `Installments must be a whole number from 1 to ${INSTALLMENTS_MAX}` }),
    Max(INSTALLMENTS_MAX, { message: `Installments must be a whole number from 1 to ${INSTALLMENTS_MAX}` }),
  );
export const PLAN_MESSAGES = {
  pair: 'A payment plan needs both a deposit and the number of installments',
  undated: 'A class without a start date cannot have a payment plan: set its start date first',
  depositBelowPrice: 'Deposit must be less than the price',
} as const;
const DEPOSIT_DOC = {
  type: Number,
  minimum: 1,
  maximum: PRICE_MAX,
  example: 50,
  description: 'Dollars paid first when a family chooses the payment plan; needs installments and a start date',
};
const INSTALLMENTS_DOC = {
  type: Number,
  minimum: 1,
  maximum: INSTALLMENTS_MAX,
  example: 3,
  description: 'Payments of the rest after the deposit, spread evenly until 7 days before the class starts',
};

const START_DOC = {
  type: String,
  format: 'date-time',
  example: '2027-07-06T09:00',
  description:
    "When the first session starts: the camp's local time (CAMP_TIME_ZONE), or an instant with its offset; omit for a class without a date",
};
const SESSIONS_DOC = {
  type: Number,
  minimum: 1,
  maximum: SESSIONS_MAX,
  example: 4,
  description: 'Weekly sessions from the start date; omit for one',
};

// A class name is one line of plain text: it goes into e-mails' subjects and calendar files as it is.
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const ClassNameText = () =>
  Matches(NO_CONTROL, { message: 'Class name must be one line without control characters (line breaks, tabs)' });

export class CreateClassDto {
  @ApiProperty({ example: 'Beach Volleyball Basics' })
  @IsString({ message: 'Class name is required' })
  @IsNotEmpty({ message: 'Class name is required' })
  @MaxLength(120)
  @ClassNameText()
  className: string;

  @ApiPropertyOptional({
    example: 'https://example.com/volleyball.jpg',
    description: 'The picture as a URL, imported by the API after the save (required unless pictureId is sent)',
  })
  @ValidateIf((dto: CreateClassDto) => dto.pictureId === undefined)
  @IsDefined({ message: 'Photo URL is required' })
  @IsHttpUrl()
  classImage?: string;

  @PictureIdField()
  pictureId?: string;

  @ApiProperty({ example: 12, minimum: 0, maximum: SEATS_MAX })
  @IsDefined({ message: 'Seat number is required' })
  @SeatRules()
  seats: number;

  @ApiProperty({ example: 90, minimum: 0, maximum: PRICE_MAX })
  @IsDefined({ message: 'Price is required' })
  @PriceRules()
  price: number;

  @ApiPropertyOptional(START_DOC)
  @IsOptional()
  @StartDateRules()
  startDate?: string;

  @ApiPropertyOptional(SESSIONS_DOC)
  @IsOptional()
  @SessionRules()
  sessions?: number;

  @ApiPropertyOptional(ageDoc('minimum'))
  @IsOptional()
  @AgeRules('Minimum age')
  minAge?: number;

  @ApiPropertyOptional(ageDoc('maximum'))
  @IsOptional()
  @AgeRules('Maximum age')
  maxAge?: number;

  @ApiPropertyOptional(DEPOSIT_DOC)
  @IsOptional()
  @DepositRules()
  deposit?: number;

  @ApiPropertyOptional(INSTALLMENTS_DOC)
  @IsOptional()
  @InstallmentRules()
  installments?: number;

  @ApiPropertyOptional({ description: "Ignored: the signed-in instructor's name is used" })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  instructorName?: string;

  @ApiPropertyOptional({ description: "Must be the caller's own e-mail when sent" })
  @IsOptional()
  @IsEmail()
  instructorEmail?: string;

  @ApiPropertyOptional({ description: "Ignored: a new class is always 'pending'" })
  @Allow()
  status?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: the server sets the date' })
  @Allow()
  date?: unknown;
}

export class UpdateClassDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'Class name is required' })
  @MaxLength(120)
  @ClassNameText()
  className?: string;

  @ApiPropertyOptional({ description: 'A new picture as a URL, imported after the save' })
  @IsOptional()
  @IsHttpUrl()
  classImage?: string;

  @PictureIdField()
  pictureId?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: SEATS_MAX,
    description: 'Seats in all; the available seats become this minus the students enrolled at the time of the write',
  })
  @IsOptional()
  @IsInt({ message: 'capacity must be a whole number' })
  @Min(0, { message: 'capacity must not be negative' })
  @Max(SEATS_MAX, { message: `capacity must be at most ${SEATS_MAX}` })
  capacity?: number;

  // Refused rather than applied: a form's copy of the seats left is stale as soon as a student pays.
  @ValidateIf((_dto, value) => value !== undefined)
  @Equals(undefined, {
    message: 'seats (the seats left) cannot be set: send capacity, the seats in all, and the seats left follow from it',
  })
  seats?: never;

  @ApiPropertyOptional({ minimum: 0, maximum: PRICE_MAX })
  @IsOptional()
  @PriceRules()
  price?: number;

  // null removes the date (or the sessions); undefined leaves it as it is.
  @ApiPropertyOptional({ ...START_DOC, nullable: true, description: `${START_DOC.description}; null removes it` })
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @StartDateRules()
  startDate?: string | null;

  @ApiPropertyOptional({ ...SESSIONS_DOC, nullable: true, description: 'Weekly sessions; null: back to one' })
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @SessionRules()
  sessions?: number | null;

  @ApiPropertyOptional(ageDoc('minimum', true))
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @AgeRules('Minimum age')
  minAge?: number | null;

  @ApiPropertyOptional(ageDoc('maximum', true))
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @AgeRules('Maximum age')
  maxAge?: number | null;

  @ApiPropertyOptional({
    ...DEPOSIT_DOC,
    nullable: true,
    description: `${DEPOSIT_DOC.description}; null removes the plan`,
  })
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @DepositRules()
  deposit?: number | null;

  @ApiPropertyOptional({
    ...INSTALLMENTS_DOC,
    nullable: true,
    description: `${INSTALLMENTS_DOC.description}; null removes the plan`,
  })
  @ValidateIf((_dto, value) => value !== undefined && value !== null)
  @InstallmentRules()
  installments?: number | null;
}

const EARLY_BIRD_UNTIL_MESSAGE = 'until must be a date, e.g. 2027-05-31';

/** PUT /discounts/early-bird/:classId: the class's early-bird price until the end of a camp day. */
export class EarlyBirdDto {
  @ApiProperty({ example: 80, minimum: 0, maximum: PRICE_MAX, description: 'Dollars; less than the class price' })
  @IsDefined({ message: 'Early-bird price is required' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'Early-bird price must be a number with at most 2 decimals' },
  )
  @Min(0, { message: 'Early-bird price must not be negative' })
  @Max(PRICE_MAX, { message: `Early-bird price must be at most ${PRICE_MAX}` })
  price: number;

  @ApiProperty({ example: '2027-05-31', description: "The last day of the early-bird price, in the camp's time zone" })
  @IsDefined({ message: EARLY_BIRD_UNTIL_MESSAGE })
  @IsString({ message: EARLY_BIRD_UNTIL_MESSAGE })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: EARLY_BIRD_UNTIL_MESSAGE })
  @IsISO8601({ strict: true }, { message: EARLY_BIRD_UNTIL_MESSAGE })
  until: string;
}

export class ClassStatusDto {
  @ApiProperty({ enum: ['approved', 'denied'] })
  @IsIn(['approved', 'denied'], { message: "status must be 'approved' or 'denied'" })
  status: 'approved' | 'denied';
}

export class ClassFeedbackDto {
  @ApiProperty({ example: 'Great plan; please add the equipment list.' })
  @IsString({ message: 'Feedback is required' })
  @IsNotEmpty({ message: 'Feedback is required' })
  @MaxLength(2000)
  feedback: string;
}

export const CLASS_SORTS = ['popular', 'price', '-price', 'newest', 'name', 'start'] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];

const PriceBound = (name: string) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 0, maximum: PRICE_MAX }),
    IsOptional(),
    QueryNumber(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: `${name} must be a number` }),
    Min(0, { message: `${name} must not be negative` }),
    Max(PRICE_MAX, { message: `${name} must be at most ${PRICE_MAX}` }),
  );

/** GET /classes: filters, sort and page of the public list. */
export class PublicClassesQueryDto extends PageQueryDto {
  @SearchText("Text in the class name or the instructor's name (case-insensitive, literal)")
  q?: string;

  @ApiPropertyOptional({ description: "The instructor's e-mail" })
  @IsOptional()
  @IsEmail({}, { message: 'instructor must be an e-mail address' })
  @MaxLength(254)
  instructor?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: only classes with free seats' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: "available must be 'true' or 'false'" })
  available?: 'true' | 'false';

  @PriceBound('minPrice')
  minPrice?: number;

  @PriceBound('maxPrice')
  maxPrice?: number;

  @ApiPropertyOptional({
    type: String,
    example: '2027-07-01',
    description:
      "Only classes starting at or after this day (its midnight in the camp's time zone) or date and time; classes without a date are left out",
  })
  @IsOptional()
  @IsString({ message: 'startsFrom must be a date, e.g. 2027-07-01' })
  @Matches(STARTS_FROM_PATTERN, { message: 'startsFrom must be a date, e.g. 2027-07-01' })
  @IsISO8601({ strict: true }, { message: 'startsFrom must be a date, e.g. 2027-07-01' })
  startsFrom?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: AGE_MAX,
    description: 'Only classes whose age range admits this age (classes without a range admit everyone)',
  })
  @IsOptional()
  @QueryWholeNumber()
  @ValidateBy({
    name: 'isAge',
    validator: {
      validate: (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= AGE_MAX,
      defaultMessage: () => `age must be a whole number between 0 and ${AGE_MAX}`,
    },
  })
  age?: number;

  @ApiPropertyOptional({
    enum: CLASS_SORTS,
    default: 'newest',
    description: "'start': starting soonest first, classes without a date last",
  })
  @IsOptional()
  @IsIn(CLASS_SORTS, { message: `sort must be one of ${CLASS_SORTS.join(', ')}` })
  sort?: ClassSort;
}

/** GET /all-classes: search, status and page of every class (pending first unless a status is chosen). */
export class AllClassesQueryDto extends PageQueryDto {
  @SearchText("Text in the class name, the instructor's name or e-mail (case-insensitive, literal)")
  q?: string;

  @ApiPropertyOptional({ enum: CLASS_STATUSES })
  @IsOptional()
  @IsIn(CLASS_STATUSES, { message: `status must be one of ${CLASS_STATUSES.join(', ')}` })
  status?: ClassStatus;
}

/** GET /classes/user/:email: the instructor's own classes by status. */
export class OwnClassesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CLASS_STATUSES })
  @IsOptional()
  @IsIn(CLASS_STATUSES, { message: `status must be one of ${CLASS_STATUSES.join(', ')}` })
  status?: ClassStatus;
}
