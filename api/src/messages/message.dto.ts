import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ONE_LINE, PLAIN_TEXT, PlainLines, Trimmed } from '../common/dto-rules';
import { MESSAGE_MAX, SUBJECT_MAX } from './message.model';

export class SendMessageDto {
  @ApiProperty({ example: 'Tomorrow: field 3, 9:30', maxLength: SUBJECT_MAX })
  @Trimmed()
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
  @PlainLines()
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(MESSAGE_MAX, { message: `Message must be at most ${MESSAGE_MAX} characters` })
  @Matches(PLAIN_TEXT, { message: 'Message must be plain text without control characters' })
  message: string;
}
