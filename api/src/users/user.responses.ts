import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { GENDERS, ROLES, type Gender, type PublicPerson, type Role, type User } from './user.model';

export class PublicPersonResponse implements PublicPerson {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Jordan Lee' }) userName: string;
  @ApiProperty({ example: 'http://localhost:3000/images/people/jordan.svg' }) userPhoto: string;
  @ApiProperty({ example: 'jordan@sportify.camp' }) email: string;
}

export class UserResponse extends PublicPersonResponse implements User {
  @ApiPropertyOptional({ enum: GENDERS }) gender?: Gender;
  @ApiPropertyOptional({ enum: ROLES, description: 'Absent for students' }) role?: Role;
}

export class PublicPersonPageResponse extends PageResponse(PublicPersonResponse, 'PublicPersonPage') {}
export class UserPageResponse extends PageResponse(UserResponse, 'UserPage') {}

export class AdminCheckResponse {
  @ApiProperty() admin: boolean;
}
export class InstructorCheckResponse {
  @ApiProperty() instructor: boolean;
}
