// POST /api/api/uploads (multipart, field `file`): stores a picture and
// answers `{id, url}`. Sent with XMLHttpRequest rather than fetch because only
// XHR reports upload progress, which the picture fields show as a bar. A 401
// logs out like any other call; other failures become an ApiError.
import type { Schemas } from '@/api/schemas';
import { ApiError, apiBaseUrl } from '@/lib/api-client';
import { logout } from '@/lib/session';

export type UploadedPicture = Schemas['PictureView'];

export const acceptedPictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const maxPictureBytes = 5 * 1024 * 1024;

/** Why a file cannot be sent, checked before sending (the server checks again). */
export type PictureProblem = 'picture_type' | 'picture_size';

export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!(acceptedPictureTypes as readonly string[]).includes(file.type)) return 'picture_type';
  if (file.size > maxPictureBytes) return 'picture_size';
  return null;
}

function errorOf(request: XMLHttpRequest): ApiError {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(request.responseText) as typeof body;
  } catch {
    body = {};
  }
  return new ApiError(
    request.status,
    typeof body.code === 'string' ? body.code : request.status === 0 ? 'network_error' : '',
    typeof body.message === 'string' ? body.message : '',
  );
}

/** Sends `file`; `onProgress` gets the share sent so far, from 0 to 1. */
export function uploadPicture(file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<UploadedPicture> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl}/api/uploads`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const answer = JSON.parse(request.responseText) as { id: unknown; url?: unknown };
          const id = String(answer.id);
          onProgress(1);
          resolve({ id, url: typeof answer.url === 'string' ? answer.url : `${apiBaseUrl}/uploads/${id}` });
        } catch {
          reject(new ApiError(request.status, 'invalid_body', ''));
        }
        return;
      }
      if (request.status === 401) logout();
      reject(errorOf(request));
    };
    request.onerror = () => reject(errorOf(request));
    request.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
