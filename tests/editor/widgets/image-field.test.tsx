// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form from '@rjsf/fluentui-rc';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentFields, contentWidgets, validateImageAlt } from '../../../editor/src/content/widgets';
import { uploadImage } from '../../../editor/src/core/upload';

// Only fetch is mocked here: the media endpoint itself (scripts/lib/editor/media.ts) is tested by its owner.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const validator = customizeValidator();

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    background_image: {
      type: 'object',
      title: 'Picture',
      required: ['main'],
      additionalProperties: false,
      properties: { main: { type: 'string', minLength: 1 }, alt: { type: 'string' } },
    },
  },
};

function renderForm(formData: Record<string, unknown>, uiSchema: UiSchema) {
  const onChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={contentWidgets}
        fields={contentFields}
        formData={formData}
        onChange={(event) => onChange(event.formData)}
        customValidate={(data, errors) => validateImageAlt(data, errors, uiSchema)}
        liveValidate="onChange"
        noHtml5Validate
      />
    </FluentProvider>,
  );
  return onChange;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });

describe('ImageField', () => {
  it('uploads a chosen file with its bytes, type and name, and sets main to the stored URL', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ url: '/content/media/photo-1a2b.png', width: 800, height: 600, type: 'image/png', bytes: 4 }), {
          status: 201,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChange = renderForm({ title: 'T' }, { background_image: { 'ui:field': 'ImageField' } });
    expect(screen.getByText('No image yet.')).toBeTruthy();
    const input = document.getElementById('root_background_image-file') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [png()] } });
    });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ title: 'T', background_image: { main: '/content/media/photo-1a2b.png' } }),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/__editor/api/media');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'image/png', 'x-file-name': 'photo.png' });
    expect(init.body).toBeInstanceOf(File);
  });

  it("shows the server's refusal in its words at the field and keeps the value", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: 'This image is 6.2 MB; the limit is 5 MB.' }), { status: 413 }),
    );
    const onChange = renderForm(
      { background_image: { main: '/content-images/a.svg' } },
      { background_image: { 'ui:field': 'ImageField' } },
    );
    const zone = screen.getByTestId('root_background_image-dropzone');
    await act(async () => {
      fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This image is 6.2 MB; the limit is 5 MB.');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/content-images/a.svg');
  });

  it('refuses a file that is no image before sending it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const result = await uploadImage(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(result).toEqual({
      ok: false,
      message: '“notes.txt” is not an image the site can use. Choose a JPEG, PNG, WebP, AVIF or SVG file.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires alt text where the image carries meaning, and removes the image', async () => {
    const uiSchema: UiSchema = { background_image: { 'ui:field': 'ImageField', 'ui:options': { altRequired: true } } };
    const onChange = renderForm({ background_image: { main: '/content-images/a.svg' } }, uiSchema);
    expect(screen.getByText('Describe the image for people who cannot see it.')).toBeTruthy();
    const alt = screen.getByRole('textbox', { name: /Alt text/ });
    fireEvent.change(alt, { target: { value: 'Two doctors on a call' } });
    expect(onChange).toHaveBeenLastCalledWith({ background_image: { main: '/content-images/a.svg', alt: 'Two doctors on a call' } });
    await waitFor(() => expect(screen.queryByText('Describe the image for people who cannot see it.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('sends a name the header can carry, and a file of unknown type for the endpoint to judge', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.' }), { status: 415 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await uploadImage(new File(['x'], 'Straße à Manille.avif', { type: '' }));
    expect(result).toEqual({ ok: false, message: 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({ 'content-type': 'application/octet-stream', 'x-file-name': 'Stra%C3%9Fe%20%C3%A0%20Manille.avif' });
  });

  it('says so when the editor cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await uploadImage(png())).toEqual({
      ok: false,
      message: 'The image could not be sent: the editor is not reachable. Check that npm run edit is running.',
    });
  });

  it('validateImageAlt reports a missing alt text on the alt field', () => {
    const added: string[] = [];
    const errors = { background_image: { alt: { addError: (message: string) => added.push(message) }, addError: () => {} } };
    validateImageAlt({ background_image: { main: '/a.png' } }, errors as never, {
      background_image: { 'ui:field': 'ImageField', 'ui:options': { altRequired: true } },
    });
    validateImageAlt({ background_image: { main: '/a.png', alt: 'A' } }, errors as never, {
      background_image: { 'ui:field': 'ImageField', 'ui:options': { altRequired: true } },
    });
    validateImageAlt({ background_image: { main: '/a.png' } }, errors as never, { background_image: { 'ui:field': 'ImageField' } });
    expect(added).toEqual(['Describe the image for people who cannot see it.']);
  });
});
