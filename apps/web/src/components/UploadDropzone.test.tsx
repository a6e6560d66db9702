import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorFromBody } from '../api/client';
import { upload } from '../api/upload';
import { renderWithProviders } from '../test/render';
import { mockUploads } from '../test/upload';
import { UploadDropzone, type UploadDropzoneProps, type UploadOptions } from './UploadDropzone';

const png = () => new File(['png-bytes'], 'logo.png', { type: 'image/png' });
const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

function renderZone(
  onUpload: UploadDropzoneProps['onUpload'] = vi.fn(async () => undefined),
  language: 'en' | 'es' = 'en',
) {
  const { user } = renderWithProviders(
    <UploadDropzone
      label="Upload logo"
      accept={['image/jpeg', 'image/png']}
      maxBytes={2 * 1024 * 1024}
      onUpload={onUpload}
    />,
    { language },
  );
  return { onUpload, user };
}

/** Sends through the real typed client, so the progress comes from XMLHttpRequest's upload events. */
const sendThumbnail = (file: File, options: UploadOptions) =>
  upload('PATCH /api/v1/developer_apps/:id', {
    params: { id: 5 },
    body: { developer_app: { thumbnail: file } },
    ...options,
  });

/** A zone whose uploads the server refuses (a logo too small), with the caller's mutation as in the app. */
function RefusingZone() {
  const mutation = useMutation({
    mutationFn: async ({ file }: { file: File } & UploadOptions) => {
      throw errorFromBody(
        422,
        'Unprocessable Entity',
        JSON.stringify({
          errors: [`Thumbnail ${file.name} must be a square JPEG or PNG image larger than 200×200 pixels`],
          error: {
            code: 'validation_failed',
            message: 'Validation failed',
            details: [
              {
                path: 'developer_app.thumbnail',
                code: 'image_size',
                message: `${file.name} must be a square JPEG or PNG image larger than 200×200 pixels`,
                params: { name: file.name, min: 200 },
                label: { key: 'thumbnail' },
              },
            ],
          },
        }),
      );
    },
  });
  return (
    <UploadDropzone
      label="Upload logo"
      accept={['image/jpeg', 'image/png']}
      maxBytes={2 * 1024 * 1024}
      error={mutation.error}
      onUpload={(file, options) => mutation.mutateAsync({ file, ...options })}
    />
  );
}

describe('UploadDropzone', () => {
  it('shows one current error: a refused upload says what is wrong with the image, and a new try replaces it', async () => {
    renderWithProviders(<RefusingZone />);
    choose(png());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Thumbnail logo.png must be a square JPEG or PNG image larger than 200×200 pixels',
    );
    expect(alert).not.toHaveTextContent(/try again/i);

    choose(new File(['png'], 'second.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('second.png'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).not.toHaveTextContent('logo.png');

    // A file the zone refuses itself replaces the server's answer: still one alert.
    choose(new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('anim.gif is not a JPEG or PNG file'),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).not.toHaveTextContent('second.png');
  });

  it('says the image problem in Spanish with the field named', async () => {
    renderWithProviders(<RefusingZone />, { language: 'es' });
    choose(png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Miniatura: Debe ser una imagen JPEG o PNG cuadrada de más de 200×200 píxeles',
    );
  });

  it('is a labelled button that says the accepted types and size before anything is sent', () => {
    renderZone();
    const zone = screen.getByRole('button', { name: 'Upload logo' });
    expect(zone).toHaveAccessibleDescription('JPEG or PNG, up to 2 MB');
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('says it in the user’s language', () => {
    renderZone(undefined, 'es');
    expect(screen.getByRole('button', { name: 'Upload logo' })).toHaveAccessibleDescription(
      'JPEG o PNG, hasta 2 MB',
    );
  });

  it('refuses a wrong type and a too large file before any upload', async () => {
    const { onUpload } = renderZone();
    choose(new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('anim.gif is not a JPEG or PNG file');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    choose(big);
    expect(await screen.findByText('huge.png is too large (at most 2 MB)')).toBeInTheDocument();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('shows the real upload progress, then clears it when the answer comes', async () => {
    const sent = mockUploads();
    renderZone(sendThumbnail);
    choose(png());
    await waitFor(() => expect(sent).toHaveLength(1));
    const request = sent[0];
    if (!request) throw new Error('no upload sent');
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe('/api/v1/developer_apps/5');
    expect((request.body as FormData).get('developer_app[thumbnail]')).toBeInstanceOf(File);

    request.progress(512, 1024);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of logo.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading logo.png: 50%');

    request.respond(200, { id: 5 });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('cancels an upload under way', async () => {
    const sent = mockUploads();
    const { user } = renderZone(sendThumbnail);
    choose(png());
    await screen.findByRole('progressbar');
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(sent[0]?.aborted).toBe(true);
    expect(await screen.findByText('Upload canceled.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('opens the file chooser from the keyboard', async () => {
    renderZone();
    const zone = screen.getByRole('button', { name: 'Upload logo' });
    const click = vi.spyOn(input(), 'click');
    zone.focus();
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(click).toHaveBeenCalled();
  });
});
