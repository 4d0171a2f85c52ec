// Response shapes the screens read after writes (docs/product.md §7).
export interface InsertResult {
  insertedId: string;
}
export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
}
export interface DeleteResult {
  deletedCount: number;
}
