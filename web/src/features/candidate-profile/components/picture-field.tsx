// Pictures of a record (or the profile photo): the ones already there with a
// preview and a remove button, and a file button to add more. Each file is
// checked (JPEG, PNG or WebP, 5 MB at most) and sent at once, with a progress
// bar while it goes; the form keeps the upload ids. `max` stops adding once
// reached (hobbies: 3; the profile photo: 1). A file refused here or by the
// server says which files are accepted; only a failed send says to retry.
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadUrl } from '@/api/candidate-records/get-candidate-records';
import { FieldsetField } from '@/components/form/field';
import { useContextField } from '@/lib/form/use-context-field';
import {
  acceptedPictureTypes,
  maxPictureBytes,
  maxPictureSidePixels,
  pictureProblem,
  type UploadFailure,
  uploadFailure,
  uploadPicture,
} from '../api/upload-picture';

type Upload = { key: number; name: string; progress: number; problem: string | null };

let uploadKeys = 0;

export function PictureField({
  name = 'pictures',
  legend,
  hint,
  max,
}: {
  name?: string;
  legend: string;
  hint?: string;
  max?: number;
}) {
  const { t } = useTranslation('profile');
  const inputId = useId();
  const { field, error } = useContextField(name);
  const pictures = (field.value as string[] | undefined) ?? [];
  const [uploads, setUploads] = useState<Upload[]>([]);
  const sending = uploads.filter((upload) => upload.problem === null);
  const room = max === undefined ? Infinity : max - pictures.length - sending.length;
  // The latest list, for uploads that finish after other changes.
  const latest = useRef(pictures);
  useEffect(() => {
    latest.current = pictures;
  });

  const failureText = (failure: UploadFailure) =>
    t(`pictures.${failure}`, { megabytes: maxPictureBytes / (1024 * 1024), pixels: maxPictureSidePixels });

  function update(key: number, change: Partial<Upload>) {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }

  async function send(file: File) {
    const key = ++uploadKeys;
    const problem = pictureProblem(file);
    setUploads((current) => [...current, { key, name: file.name, progress: 0, problem: problem && failureText(problem) }]);
    if (problem) return;
    try {
      const uploaded = await uploadPicture(file, (progress) => update(key, { progress }));
      latest.current = [...latest.current, uploaded.id];
      field.onChange(latest.current);
      setUploads((current) => current.filter((upload) => upload.key !== key));
    } catch (error) {
      update(key, { problem: failureText(uploadFailure(error)) });
    }
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(0, room));
    event.target.value = '';
    for (const file of files) void send(file);
  }

  return (
    <FieldsetField className="picture-field" name={name} legend={legend} hint={hint} error={error}>
      {(pictures.length > 0 || uploads.length > 0) && (
        <ul className="picture-field__list">
          {pictures.map((id, index) => (
            <li key={id} className="picture-field__item">
              <img src={uploadUrl(id)} alt={t('pictures.preview', { number: index + 1 })} className="picture-field__image" />
              <button
                type="button"
                className="button button--ghost picture-field__remove"
                onClick={() => field.onChange(pictures.filter((other) => other !== id))}
              >
                {t('pictures.remove', { number: index + 1 })}
              </button>
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={upload.key} className="picture-field__item picture-field__item--upload">
              <span className="picture-field__name">{upload.name}</span>
              {upload.problem === null ? (
                <progress max={1} value={upload.progress} aria-label={t('pictures.progress', { name: upload.name })} />
              ) : (
                <>
                  <span className="field__error" role="alert">
                    {upload.problem}
                  </span>
                  <button type="button" className="button button--ghost" onClick={() => setUploads((current) => current.filter((other) => other.key !== upload.key))}>
                    {t('pictures.dismiss')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <div className="picture-field__add">
          <label htmlFor={inputId} className="button button--secondary">
            {t('pictures.add')}
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={acceptedPictureTypes.join(',')}
            multiple={room > 1}
            onChange={onFiles}
            data-testid={`${name}-input`}
          />
        </div>
      )}
    </FieldsetField>
  );
}
