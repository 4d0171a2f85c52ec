// Response shapes the spec's screens read after writes (section 7).
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
