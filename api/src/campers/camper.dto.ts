import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { birthDateProblem, CAMPER_YEARS_MAX } from '@sportify/platform/ages';
import { isCalendarDay } from '@sportify/platform/dates';
import { ONE_LINE, Trimmed } from '../common/dto-rules';
import { CAMPER_NAME_MAX, CAMPER_NOTES_MAX, RELATIONSHIP_MAX } from './camper.model';

const LineText = (label: string, max: number) =>
  applyDecorators(
    Trimmed(),
    IsString({ message: `${label} is required` }),
    IsNotEmpty({ message: `${label} is required` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
    Matches(ONE_LINE, { message: `${label} must be one line without control characters` }),
  );

const phoneMessage = (label: string) => `${label} must be 7-20 digits, spaces, +, (, ) or -`;

/** A phone number as a person reads it out: digits, spaces, + ( ) -. One message, the first problem found. */
const Phone = (label: string) =>
  applyDecorators(
    Trimmed(),
    ValidateBy({
      name: 'isPhone',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^[0-9 +()-]{7,20}$/.test(value) && /\d/.test(value),
        defaultMessage: (args) =>
          typeof args?.value === 'string' && args.value !== '' ? phoneMessage(label) : `${label} is required`,
      },
    }),
  );

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
  @Trimmed()
  @IsString({ message: 'Notes must be text' })
  @MaxLength(CAMPER_NOTES_MAX, { message: `Notes must be at most ${CAMPER_NOTES_MAX} characters` })
  notes?: string;

  @ApiProperty({ example: 'Mia Chen', maxLength: CAMPER_NAME_MAX })
  @LineText('Emergency contact', CAMPER_NAME_MAX)
  emergencyContact: string;

  @ApiProperty({ example: '+1 (555) 010-0199' })
  @Phone('Emergency phone')
  emergencyPhone: string;
}

export class UpdateCamperDto extends PartialType(CreateCamperDto) {}

/** A person who may collect the camper (docs/families.md, Authorised pick-ups). */
export class PickupDto {
  @ApiProperty({ example: 'Rosa Rivers', maxLength: CAMPER_NAME_MAX })
  @LineText("Pick-up's name", CAMPER_NAME_MAX)
  name: string;

  @ApiProperty({ example: 'Mother', maxLength: RELATIONSHIP_MAX })
  @LineText('Relationship', RELATIONSHIP_MAX)
  relationship: string;

  @ApiProperty({ example: '+1 (555) 010-0142' })
  @Phone('Phone')
  phone: string;
}

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
