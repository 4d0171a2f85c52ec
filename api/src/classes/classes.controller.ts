import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import type { PublicClass } from './class.model';
import { ClassesService } from './classes.service';

@ApiTags('classes')
@Controller()
export class ClassesController {
  constructor(private readonly classes: ClassesService) {}

  @Public()
  @Get('classes')
  @ApiOkResponse({ description: 'Approved classes' })
  approved(): Promise<PublicClass[]> {
    return this.classes.approved();
  }
}
