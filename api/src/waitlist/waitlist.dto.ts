import { PickType } from '@nestjs/swagger';
import { StudentListQueryDto } from '../common/student-list-query.dto';

/** Only these classes (comma-separated class ids, as the student's lists take them). */
export class WaitlistClassesQueryDto extends PickType(StudentListQueryDto, ['classIds'] as const) {}
