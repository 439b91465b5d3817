// POST /api/api/candidates/import/checking and /import (multipart `campus`,
// `file`). Sent with XMLHttpRequest rather than the fetch client because a
// file of thousands of rows takes a moment to upload and the page shows how
// far it got (fetch reports no upload progress). Failures become the client's
// ApiError, so the page reads them like any other.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBaseUrl } from '@/lib/api-client';
import { logout } from '@/lib/session';
import { schoolKeys } from './query-keys';
import type { ImportReport } from './school-types';

export type ImportStep = 'check' | 'import';

export type ImportVariables = {
  campusId: number;
  file: File;
  step: ImportStep;
  /** Share of the file sent, from 0 to 1. */
  onProgress?: (sent: number) => void;
};

function toApiError(request: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(request.responseText) as { code?: string; message?: string; errors?: Record<string, string[]> };
    return new ApiError(request.status, body.code ?? '', body.message ?? '', body.errors ?? {});
  } catch {
    return new ApiError(request.status, '', '');
  }
}

export function sendImport({ campusId, file, step, onProgress }: ImportVariables): Promise<ImportReport> {
  const form = new FormData();
  form.append('campus', String(campusId));
  form.append('file', file);
  const path = step === 'check' ? '/api/candidates/import/checking' : '/api/candidates/import';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as ImportReport);
        return;
      }
      if (request.status === 401) logout();
      reject(toApiError(request));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', ''));
    request.send(form);
  });
}

export function useSendImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendImport,
    onSuccess: (report) => {
      if (report.imported) return queryClient.invalidateQueries({ queryKey: schoolKeys.all });
    },
  });
}
