/** Where picture files live: GridFS in the API's database by default, an S3 bucket when one is configured. */
export interface PictureStore {
  /** The file's bytes, or null when it is not there. */
  get(key: string): Promise<Buffer | null>;
  /** Writes the file under `key`; writing the same key again with the same bytes is harmless. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
}

export const PICTURE_STORE = Symbol('PICTURE_STORE');
