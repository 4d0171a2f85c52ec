import { ApiProperty } from '@nestjs/swagger';

export class TokenResponse {
  @ApiProperty({ description: 'HS256 API token; send it as Authorization: Bearer <token>' })
  token: string;
}
