// @vitest-environment jsdom
// The sections the record forms share: the soft-skill picker holds 1 to 4 and
// says how many are left; the picture field checks a file, shows the upload's
// progress and a preview, and lets a picture go; the period turns the end date
// off while the record is current.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PictureField } from './picture-field';
import { PeriodFields } from './record-fields';
import { SoftskillPicker } from './softskill-picker';
import { fakeServer, renderAsCandidate, setUpPageTests } from '@/testing/candidate-pages';

type Values = { softskills: number[]; pictures: string[]; startDate: string; endDate: string; isCurrent: boolean };

let latest: Values | null = null;

function Form({ children, pictures = [] }: { children: ReactNode; pictures?: string[] }) {
  const form = useForm<Values>({ defaultValues: { softskills: [], pictures, startDate: '2024-01-01', endDate: '2024-06-01', isCurrent: false } });
  const values = useWatch({ control: form.control }) as Values;
  useEffect(() => {
    latest = values;
  });
  return (
    <FormProvider {...form}>
      <form>{children}</form>
    </FormProvider>
  );
}

/** An XMLHttpRequest whose upload the test drives. */
class FakeUpload {
  static last: FakeUpload | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  sent: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.sent = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

setUpPageTests();

afterEach(() => {
  latest = null;
});

describe('SoftskillPicker', () => {
  it('groups the soft skills by family, counts down and stops at four', async () => {
    fakeServer();
    await renderAsCandidate(
      <Form>
        <SoftskillPicker />
      </Form>,
    );
    await screen.findByText('Écoute');
    const relational = screen.getByRole('group', { name: 'Relationnel' });
    expect(screen.getByTestId('softskills-left').textContent).toBe('Encore 4 soft skills possibles.');

    for (const name of ['Écoute', 'Empathie', 'Diplomatie']) fireEvent.click(within(relational).getByRole('checkbox', { name }));
    expect(screen.getByTestId('softskills-left').textContent).toBe('Encore 1 soft skill possible.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Organisation' }));

    expect(screen.getByTestId('softskills-left').textContent).toBe('Vous avez choisi le maximum : 4 soft skills.');
    expect((screen.getByRole('checkbox', { name: 'Précision' }) as HTMLInputElement).disabled).toBe(true);
    expect(latest?.softskills).toEqual([11, 12, 13, 21]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Écoute' }));
    expect((screen.getByRole('checkbox', { name: 'Précision' }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('PictureField', () => {
  it('uploads a picture with a progress bar, then shows it and lets it go', async () => {
    fakeServer();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    await renderAsCandidate(
      <Form>
        <PictureField legend="Photos" max={3} />
      </Form>,
    );
    const file = new File(['x'], 'atelier.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('pictures-input'), { target: { files: [file] } });

    const upload = FakeUpload.last as FakeUpload;
    expect(upload.url).toBe('/api/api/uploads');
    expect((upload.sent?.get('file') as File).name).toBe('atelier.png');
    upload.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Envoi de la photo atelier.png' });
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBe(0.4));

    upload.finish(201, { id: 'b7e1', url: '/api/uploads/b7e1' });
    const preview = await screen.findByRole('img', { name: 'Photo 1' });
    expect(preview.getAttribute('src')).toBe('/api/uploads/b7e1');
    // the form's watcher records the value in an effect, maybe a render after the preview shows
    await waitFor(() => expect(latest?.pictures).toEqual(['b7e1']));

    fireEvent.click(screen.getByRole('button', { name: 'Retirer la photo 1' }));
    await waitFor(() => expect(latest?.pictures).toEqual([]));
  });

  it('refuses a file that is not a picture, before sending it', async () => {
    fakeServer();
    FakeUpload.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    await renderAsCandidate(
      <Form>
        <PictureField legend="Photos" />
      </Form>,
    );
    fireEvent.change(screen.getByTestId('pictures-input'), { target: { files: [new File(['x'], 'cv.pdf', { type: 'application/pdf' })] } });

    expect((await screen.findByRole('alert')).textContent).toContain('JPEG, PNG ou WebP de 5 Mo au plus');
    expect(FakeUpload.last).toBeNull();
  });

  it('says which files are accepted when the server refuses what was sent, and to retry only when the send failed', async () => {
    fakeServer();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    await renderAsCandidate(
      <Form>
        <PictureField legend="Photos" />
      </Form>,
    );
    const send = (name: string) =>
      fireEvent.change(screen.getByTestId('pictures-input'), { target: { files: [new File(['x'], name, { type: 'image/jpeg' })] } });

    send('notes.jpg');
    (FakeUpload.last as FakeUpload).finish(422, { code: 'validation_failed', message: 'invalid', errors: { file: ['unsupported_file_type'] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce fichier n’est pas une photo acceptée : choisissez un fichier JPEG, PNG ou WebP de 5 Mo au plus.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));

    send('broken.jpg');
    (FakeUpload.last as FakeUpload).finish(422, { code: 'validation_failed', message: 'invalid', errors: { file: ['unreadable_image'] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Cette image ne peut pas être lue : .* 5 Mo au plus et de 12\u202f000 pixels de côté au plus\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));

    send('huge.jpg');
    (FakeUpload.last as FakeUpload).finish(413, { code: 'payload_too_large', message: 'too large', errors: {} });
    expect((await screen.findByRole('alert')).textContent).toContain('Fichier trop lourd');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));

    send('atelier.jpg');
    (FakeUpload.last as FakeUpload).finish(503, {});
    expect((await screen.findByRole('alert')).textContent).toContain('Réessayez');
  });

  it('offers no more room once the most pictures are there', async () => {
    fakeServer();
    await renderAsCandidate(
      <Form pictures={['a', 'b', 'c']}>
        <PictureField legend="Photos" max={3} />
      </Form>,
    );
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByTestId('pictures-input')).toBeNull();
  });
});

describe('PeriodFields', () => {
  it('turns the end date off and empties it while the record is current', async () => {
    fakeServer();
    await renderAsCandidate(
      <Form>
        <PeriodFields currentLabel="J’occupe toujours ce poste" />
      </Form>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'J’occupe toujours ce poste' }));

    await waitFor(() => expect((screen.getByLabelText('Date de fin') as HTMLInputElement).disabled).toBe(true));
    await waitFor(() => expect(latest).toMatchObject({ isCurrent: true, endDate: '' }));
  });
});
