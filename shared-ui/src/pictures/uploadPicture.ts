import { loadHttpClient, type UploadedPicture } from '@sportify/shared-ui';

/**
 * POST /pictures: the file is checked and kept by the API, which answers its id; a class or a person then names it
 * (`pictureId`). `headers`: Register's call, made with the sign-in provider's token before the API's.
 */
export async function uploadPicture(file: File, headers?: Record<string, string>): Promise<UploadedPicture> {
  const body = new FormData();
  body.append('file', file);
  const httpClient = await loadHttpClient();
  const { data } = await httpClient.post<UploadedPicture>('/pictures', body, headers ? { headers } : undefined);
  return data;
}
