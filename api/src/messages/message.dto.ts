import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGE_MAX, SUBJECT_MAX } from './message.model';

// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
// Plain text: line breaks and tabs, no other control character.
// eslint-disable-next-line no-control-regex
const PLAIN_TEXT = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

export class SendMessageDto {
  @ApiProperty({ example: 'Tomorrow: field 3, 9:30', maxLength: SUBJECT_MAX })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  @MaxLength(SUBJECT_MAX, { message: `Subject must be at most ${SUBJECT_MAX} characters` })
  @Matches(ONE_LINE, { message: 'Subject must be one line without control characters' })
  subject: string;

  @ApiProperty({
    example: 'Rain is forecast, so we meet in the gym.',
    maxLength: MESSAGE_MAX,
    description: 'Plain text (line breaks kept); never read as HTML',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value))
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(MESSAGE_MAX, { message: `Message must be at most ${MESSAGE_MAX} characters` })
  @Matches(PLAIN_TEXT, { message: 'Message must be plain text without control characters' })
  message: string;
}
