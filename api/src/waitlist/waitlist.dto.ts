import { PickType } from '@nestjs/swagger';
import { CamperIdRules } from '../campers/camper.dto';
import { StudentListQueryDto } from '../common/student-list-query.dto';

/** Who joins or leaves the list: one of the caller's campers, or (absent) the account holder. */
export class WaitlistWhoDto {
  @CamperIdRules()
  camperId?: string;
}

/** Only these classes (comma-separated class ids, as the student's lists take them). */
export class WaitlistClassesQueryDto extends PickType(StudentListQueryDto, ['classIds'] as const) {}
