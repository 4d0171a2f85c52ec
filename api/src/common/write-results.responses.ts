import { ApiProperty } from '@nestjs/swagger';
import type { DeleteResult, InsertResult, UpdateResult } from './write-results';

// OpenAPI shapes of the write results (the interfaces stay the source of truth: `implements` keeps them in step).
export class InsertResultResponse implements InsertResult {
  @ApiProperty({ example: '665f1c2e9b1e8a3d4c5b6a71' }) insertedId: string;
}
export class UpdateResultResponse implements UpdateResult {
  @ApiProperty({ example: 1 }) matchedCount: number;
  @ApiProperty({ example: 1 }) modifiedCount: number;
}
export class DeleteResultResponse implements DeleteResult {
  @ApiProperty({ example: 1 }) deletedCount: number;
}
export class ErrorResponse {
  @ApiProperty({ example: 403 }) statusCode: number;
  @ApiProperty({ example: 'You can only access your own records' }) message: string;
  @ApiProperty({ example: 'Forbidden' }) error: string;
}
