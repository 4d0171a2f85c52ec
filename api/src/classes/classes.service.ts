import { Injectable } from '@nestjs/common';
import { toPublicClass, type PublicClass } from './class.model';
import { ClassesRepository } from './classes.repository';

@Injectable()
export class ClassesService {
  constructor(private readonly classes: ClassesRepository) {}

  async approved(): Promise<PublicClass[]> {
    return (await this.classes.list({ status: 'approved' })).map(toPublicClass);
  }
}
