import { Types, type Model, type SortOrder } from 'mongoose';
import type { PageWindow } from '../common/paging';

/**
 * One page of the documents matching `filter` in `sort` order (which must end on a unique key, so pages neither
 * overlap nor skip), and how many match in all. Documents come back lean; the repository maps them.
 */
export async function findPage<T, Lean>(
  model: Model<T>,
  filter: Record<string, unknown>,
  sort: Record<string, SortOrder>,
  window: PageWindow,
): Promise<{ docs: Lean[]; total: number }> {
  const [docs, total] = await Promise.all([
    model.find(filter).sort(sort).skip(window.skip).limit(window.limit).lean<Lean[]>().exec(),
    model.countDocuments(filter).exec(),
  ]);
  return { docs, total };
}

/** A filter on an ObjectId field for any of these ids (validated as ids before they get here). */
export const anyOfIds = (ids: string[]) => ({ $in: ids.map((id) => new Types.ObjectId(id)) });
