import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';

export class JwtExchangeDto {
  @ApiProperty({
    example: 'mia@sportify.camp',
    description: 'Must be the e-mail of the Firebase ID token sent as Bearer',
  })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;
}
