import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageResponse } from '../common/paging';
import { PictureRefResponse } from '../pictures/picture.responses';
import { GENDERS, ROLES, type Gender, type PublicPerson, type Role, type User } from './user.model';

export class PublicPersonResponse implements PublicPerson {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'Jordan Lee' }) userName: string;
  @ApiProperty({
    example: 'http://localhost:3000/pictures/3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a/960.jpg',
    description: "The photo's URL: the site's own once `picture` is ready, else the URL as given ('' for none)",
  })
  userPhoto: string;
  @ApiPropertyOptional({ type: PictureRefResponse, description: 'Absent for a person without a photo' })
  picture?: PictureRefResponse;
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

/** The signed-in caller (GET /me): what the page shows of them and the role the API decides with. */
export class MeResponse {
  @ApiProperty({ example: 'mia@sportify.camp', description: "The API token's subject, in lower case" }) email: string;
  @ApiProperty({ enum: [...ROLES, 'student'], description: 'student: neither admin nor instructor' })
  role: Role | 'student';
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Mia Chen',
    description: 'null until registered (POST /users)',
  })
  displayName: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'http://localhost:3000/pictures/3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a/960.jpg',
    description: "The site's URL of the person's photo once it is held; null before (or without one)",
  })
  photoURL: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '3f1c0b8e5d2a4c6e9f7a1b3d5c7e9f0a',
    description: 'The held photo (GET /pictures/{id}/{width}.{format}); null until it is ready',
  })
  pictureId: string | null;
}
