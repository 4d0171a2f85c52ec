import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { birthDateProblem, CAMPER_YEARS_MAX } from '@sportify/platform/ages';
import { isCalendarDay } from '@sportify/platform/dates';
import { CAMPER_NAME_MAX, CAMPER_NOTES_MAX } from './camper.model';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
// One line: names and contacts go into rosters, CSV files and e-mail subjects.
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

const LineText = (label: string, max: number) =>
  applyDecorators(
    trimmed(),
    IsString({ message: `${label} is required` }),
    IsNotEmpty({ message: `${label} is required` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
    Matches(ONE_LINE, { message: `${label} must be one line without control characters` }),
  );

const PHONE_MESSAGE = 'Emergency phone must be 7-20 digits, spaces, +, (, ) or -';
const DOB_MESSAGE = 'Date of birth must be a date, e.g. 2017-05-14';

/**
 * A real calendar day in the past, at most CAMPER_YEARS_MAX years ago. "Today" is the server's UTC day here; a
 * birth date a few hours off at midnight makes no difference to a camp.
 */
function IsBirthDate() {
  return ValidateBy({
    name: 'isBirthDate',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && isCalendarDay(value) && birthDateProblem(value, utcToday()) === null,
      defaultMessage: (args) =>
        typeof args?.value === 'string' && isCalendarDay(args.value)
          ? birthDateProblem(args.value, utcToday())!
          : DOB_MESSAGE,
    },
  });
}

const utcToday = () => new Date().toISOString().slice(0, 10);

export class CreateCamperDto {
  @ApiProperty({ example: 'Leo Chen', maxLength: CAMPER_NAME_MAX })
  @LineText("Camper's name", CAMPER_NAME_MAX)
  name: string;

  @ApiProperty({ example: '2017-05-14', description: `YYYY-MM-DD, in the past, at most ${CAMPER_YEARS_MAX} years ago` })
  @IsString({ message: DOB_MESSAGE })
  @IsBirthDate()
  dateOfBirth: string;

  @ApiPropertyOptional({ example: 'Peanut allergy: carries an EpiPen', maxLength: CAMPER_NOTES_MAX })
  @IsOptional()
  @trimmed()
  @IsString({ message: 'Notes must be text' })
  @MaxLength(CAMPER_NOTES_MAX, { message: `Notes must be at most ${CAMPER_NOTES_MAX} characters` })
  notes?: string;

  @ApiProperty({ example: 'Mia Chen', maxLength: CAMPER_NAME_MAX })
  @LineText('Emergency contact', CAMPER_NAME_MAX)
  emergencyContact: string;

  @ApiProperty({ example: '+1 (555) 010-0199' })
  @trimmed()
  @IsString({ message: 'Emergency phone is required' })
  @IsNotEmpty({ message: 'Emergency phone is required' })
  @Matches(/^[0-9 +()-]{7,20}$/, { message: PHONE_MESSAGE })
  @Matches(/\d/, { message: PHONE_MESSAGE })
  emergencyPhone: string;
}

export class UpdateCamperDto extends PartialType(CreateCamperDto) {}

/** Who a selection or waitlist place is for: absent is the account holder itself. */
export const CamperIdRules = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: '665f1c2e9b1e8a3d4c5b6a72',
      description: "One of the caller's campers; absent: the account holder itself",
    }),
    IsOptional(),
    Matches(/^[a-f0-9]{24}$/i, { message: 'camperId must be a camper id' }),
  );

export class CamperChoiceDto {
  @CamperIdRules()
  camperId?: string;
}
