// POST /api/api/uploads (multipart, field `file`): stores a picture and
// answers `{id, url}`. Sent with XMLHttpRequest rather than fetch because only
// XHR reports upload progress, which the picture fields show as a bar. A 401
// logs out like any other call; other failures become an ApiError, which
// `uploadFailure` turns into what the person can do about it: the server
// judges a picture by its content (JPEG, PNG or WebP that decodes whole, at
// most 12,000 pixels a side) and its weight (5 MB), so a file it refuses is
// named as such, and only a failure of the network or the server says "try
// again".
import type { Schemas } from '@/api/schemas';
import { ApiError, apiBaseUrl } from '@/lib/api-client';
import { logout } from '@/lib/session';

export type UploadedPicture = Schemas['PictureView'];

export const acceptedPictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const maxPictureBytes = 5 * 1024 * 1024;
/** The server's limit on a picture's side, before it shrinks it (`MAX_SIDE_PIXELS`). */
export const maxPictureSidePixels = 12_000;

/** Why a file cannot be sent, checked before sending (the server checks again). */
export type PictureProblem = 'picture_type' | 'picture_size';

/** Why a sent file was not stored: a problem of the file, or `failed` when trying again may help. */
export type UploadFailure = PictureProblem | 'picture_unreadable' | 'failed';

export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!(acceptedPictureTypes as readonly string[]).includes(file.type)) return 'picture_type';
  if (file.size > maxPictureBytes) return 'picture_size';
  return null;
}

/** What the server's refusal of an upload says of the file (see the module's comment). */
export function uploadFailure(error: unknown): UploadFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 413 || error.code === 'payload_too_large') return 'picture_size';
  const fileCodes = error.errors.file ?? [];
  if (fileCodes.includes('unsupported_file_type')) return 'picture_type';
  if (fileCodes.includes('unreadable_image')) return 'picture_unreadable';
  return 'failed';
}

function errorOf(request: XMLHttpRequest): ApiError {
  let body: { code?: unknown; message?: unknown; errors?: unknown } = {};
  try {
    body = JSON.parse(request.responseText) as typeof body;
  } catch {
    body = {};
  }
  return new ApiError(
    request.status,
    typeof body.code === 'string' ? body.code : request.status === 0 ? 'network_error' : '',
    typeof body.message === 'string' ? body.message : '',
    fileErrors(body.errors),
  );
}

function fileErrors(errors: unknown): Record<string, string[]> {
  if (errors === null || typeof errors !== 'object') return {};
  const codes = (errors as Record<string, unknown>).file;
  return Array.isArray(codes) ? { file: codes.map(String) } : {};
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
