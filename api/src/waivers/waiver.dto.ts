import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsInt, IsNotEmpty, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PageQueryDto, SearchText } from '../common/paging';
import { SIGNER_NAME_MAX, WAIVER_TEXT_MAX, WAIVER_TITLE_MAX } from './waiver.model';
import { ONE_LINE, PLAIN_TEXT, PlainLines, Trimmed } from '../common/dto-rules';

export class PublishWaiverDto {
  @ApiProperty({ example: 'Participation waiver', maxLength: WAIVER_TITLE_MAX })
  @Trimmed()
  @IsString({ message: 'Title is required' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(WAIVER_TITLE_MAX, { message: `Title must be at most ${WAIVER_TITLE_MAX} characters` })
  @Matches(ONE_LINE, { message: 'Title must be one line without control characters' })
  title: string;

  @ApiProperty({ description: 'Plain text; line breaks are kept', maxLength: WAIVER_TEXT_MAX })
  @PlainLines()
  @IsString({ message: 'Waiver text is required' })
  @IsNotEmpty({ message: 'Waiver text is required' })
  @MaxLength(WAIVER_TEXT_MAX, { message: `Waiver text must be at most ${WAIVER_TEXT_MAX} characters` })
  @Matches(PLAIN_TEXT, { message: 'Waiver text must be plain text without control characters' })
  text: string;
}

export class SignWaiverDto {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a72', description: "One of the caller's campers" })
  @IsString({ message: 'camperId must be a camper id' })
  @Matches(/^[a-f0-9]{24}$/i, { message: 'camperId must be a camper id' })
  camperId: string;

  @ApiProperty({ example: 2, description: 'The version the family read: refused when it is not the current one' })
  @IsInt({ message: 'version must be a whole number' })
  @Min(1, { message: 'version must be a whole number' })
  version: number;

  @ApiProperty({ example: 'Rosa Rivers', maxLength: SIGNER_NAME_MAX, description: 'The full name the signer typed' })
  @Trimmed()
  @IsString({ message: 'Type your full name to sign' })
  @IsNotEmpty({ message: 'Type your full name to sign' })
  @MaxLength(SIGNER_NAME_MAX, { message: `Your full name must be at most ${SIGNER_NAME_MAX} characters` })
  @Matches(ONE_LINE, { message: 'Your full name must be one line without control characters' })
  typedName: string;

  @ApiProperty({ example: true, description: '"I agree to this waiver" was ticked' })
  @Equals(true, { message: 'Tick "I agree to this waiver" to sign' })
  agreed: boolean;
}

export class SignatureQueryDto extends PageQueryDto {
  @SearchText("Text in the camper's name, the signer's typed name or the family's e-mail")
  q?: string;
}
