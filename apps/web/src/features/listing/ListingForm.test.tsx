import type { DeveloperApp } from '@lintel/shared';
import type { Submission } from '@lintel/shared/listing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type FetchHandler, mockFetch, renderWithProviders } from '../../test/render';
import { mockUploads } from '../../test/upload';
import { buildDeveloperApp } from '../developer-apps/factories';
import { buildCompleteSubmission, buildMedia, buildReferences, buildSubmission } from './factories';
import { ListingForm, type ListingFormProps } from './ListingForm';

interface Options extends Partial<ListingFormProps> {
  handler?: FetchHandler;
  language?: 'en' | 'es';
}

function render({ handler = () => undefined, language, ...props }: Options = {}) {
  const fetchMock = mockFetch(handler);
  const result = renderWithProviders(
    <ListingForm
      app={props.app ?? buildDeveloperApp()}
      submission={props.submission === undefined ? null : props.submission}
      user={props.user ?? { is_employee: false, is_admin: false }}
      references={props.references ?? buildReferences()}
      securityEnabled={props.securityEnabled ?? true}
    />,
    { withToasts: true, language },
  );
  return { ...result, fetchMock };
}

const tab = (name: string | RegExp) => screen.getByRole('tab', { name });
const lastBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) };
};

describe('ListingForm: validation display', () => {
  it('validates a field as it changes and marks its tab', async () => {
    const { user } = render();
    expect(within(tab(/App Information/)).queryByRole('img', { name: 'Has errors' })).toBeNull();
    const name = screen.getByRole('textbox', { name: /Public name/ });
    await user.type(name, 'x'.repeat(51));
    expect(await screen.findByText('Character limit exceeded (max 50)')).toBeInTheDocument();
    expect(within(tab(/App Information/)).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    // Untouched required fields say nothing yet.
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.clear(name);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it('preview of an incomplete listing shows "not valid", every error and a marker on each failing tab', async () => {
    const { user } = render({ submission: buildSubmission() });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Please correct the errors below before submitting for review'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Listing preview' })).toBeNull();
    for (const name of [/App Information/, /Media Content/, /Pricing/, /Support/, /Features/, /Contact/])
      expect(within(tab(name)).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    expect(within(tab(/Links/)).queryByRole('img', { name: 'Has errors' })).toBeNull();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(3);
    await user.click(tab(/Features/));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
  });

  it('says the validation messages in Spanish', async () => {
    const { user } = render({ language: 'es' });
    const name = screen.getByRole('textbox', { name: /Nombre público/ });
    await user.type(name, 'a');
    await user.clear(name);
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
  });
});

describe('ListingForm: progress', () => {
  it('counts completed required tabs over the total, as a percent', async () => {
    const { user } = render({ submission: buildCompleteSubmission({ support_email: null }) });
    expect(screen.getByText('6 of 7 required sections complete (86%)')).toBeInTheDocument();
    await user.click(tab(/Support/));
    await user.type(screen.getByRole('textbox', { name: /Support email/ }), 'help@example.com');
    expect(screen.getByText('7 of 7 required sections complete (100%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Listing progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });

  it('leaves the Security and Compliance tab out when it is switched off', () => {
    render({ submission: buildSubmission(), securityEnabled: false });
    expect(screen.queryByRole('tab', { name: /Security and Compliance/ })).toBeNull();
    expect(screen.getByText('0 of 6 required sections complete (0%)')).toBeInTheDocument();
  });
});

describe('ListingForm: contact type', () => {
  it('derives the choice on open, clears the other field when changed, and sends it', async () => {
    const submission = buildCompleteSubmission({
      contact_us_email: null,
      learn_how_url: 'https://example.com/how',
    });
    const { user, fetchMock } = render({
      submission,
      handler: (_url, init) => (init.method === 'PATCH' ? { body: submission } : undefined),
    });
    await user.click(tab(/Contact/));
    expect(screen.getByRole('radio', { name: /Learn how/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Learn how URL/ })).toHaveValue('https://example.com/how');
    // Create-lead is for platform employees only.
    expect(screen.queryByRole('radio', { name: /direct lead/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Contact us/ }));
    await user.type(screen.getByRole('textbox', { name: /Contact us email/ }), 'sales@example.com');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const { url, method, body } = lastBody(fetchMock);
    expect(method).toBe('PATCH');
    expect(url).toBe('/api/v1/submissions/1');
    expect(body.submission).toMatchObject({
      contact_us_email: 'sales@example.com',
      learn_how_url: null,
      create_lead: false,
    });
  });

  it('offers platform employees create-lead, which clears both fields', async () => {
    const submission = buildCompleteSubmission({ create_lead: true, contact_us_email: null });
    const { user } = render({ submission, user: { is_employee: true, is_admin: false } });
    await user.click(tab(/Contact/));
    expect(screen.getByRole('radio', { name: /direct lead/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Contact us/ }));
    expect(screen.getByRole('textbox', { name: /Contact us email/ })).toHaveValue('');
  });
});

describe('ListingForm: availability', () => {
  it('shows tri-state regions and country names in the user language, unknown ones as such', async () => {
    const { user } = render({
      language: 'es',
      submission: buildSubmission({ region_ids: [], country_ids: [101] }),
    });
    await user.click(tab(/Precios y disponibilidad/));
    expect(screen.getByRole('radio', { name: 'Regiones concretas' })).toBeChecked();
    const europe = screen.getByRole('checkbox', { name: 'Europa' }) as HTMLInputElement;
    expect(europe.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Alemania' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'España' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'País desconocido' })).toBeInTheDocument();
    await user.click(europe);
    for (const name of ['Alemania', 'España', 'Francia', 'País desconocido'])
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    expect(europe.indeterminate).toBe(false);
    expect(europe).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Francia' }));
    expect(europe.indeterminate).toBe(true);
  });

  it('"all regions" ticks every region and country; changing them clears the region error', async () => {
    const { user, fetchMock } = render({
      submission: buildSubmission(),
      handler: (_url, init) => (init.method === 'PATCH' ? { body: buildSubmission() } : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(tab(/Pricing/));
    expect(
      screen.getByText('You must select a region or country where your app is available'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All regions' }));
    expect(screen.queryByText('You must select a region or country where your app is available')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Pricing description/ }), 'Free');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastBody(fetchMock).body.submission).toMatchObject({
      region_ids: [10, 20],
      country_ids: [101, 102, 103, 104, 201],
    });
  });
});

describe('ListingForm: links, requirements and feature ordinals', () => {
  it('keeps one link row and allows at most three', async () => {
    const { user } = render();
    await user.click(tab(/Links/));
    expect(screen.getByRole('button', { name: 'Remove link 1' })).toBeDisabled();
    const add = screen.getByRole('button', { name: 'Add link' });
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByRole('textbox', { name: /Link \d URL/ })).toHaveLength(3);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove link 2' }));
    expect(screen.getAllByRole('textbox', { name: /Link \d URL/ })).toHaveLength(2);
  });

  it('labels the feature slots with the locale ordinals', async () => {
    const { user } = render();
    await user.click(tab(/Features/));
    for (const label of ['1st feature', '2nd feature', '3rd feature'])
      expect(screen.getByRole('textbox', { name: new RegExp(label) })).toBeInTheDocument();
  });
});

function appWithRole(role: 'owner' | 'developer'): DeveloperApp {
  return buildDeveloperApp({ role });
}

describe('ListingForm: footer and banners per state', () => {
  it('a saved draft offers save, preview and submit; submit needs saved changes and asks first', async () => {
    const submission = buildCompleteSubmission();
    const { user, fetchMock } = render({
      submission,
      handler: (_url, init) =>
        init.method === 'PATCH'
          ? { body: { ...submission, state: 'in_review' } satisfies Submission }
          : undefined,
    });
    const submit = screen.getByRole('button', { name: 'Submit for approval' });
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Tagline/ }), '!');
    expect(submit).toBeDisabled();
    // Back to the saved text: nothing unsaved any more.
    await user.type(screen.getByRole('textbox', { name: /Tagline/ }), '{Backspace}');
    expect(submit).toBeEnabled();
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Submit for approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const { url, method, body } = lastBody(fetchMock);
    expect([method, url]).toEqual(['PATCH', '/api/v1/submissions/1']);
    expect(body).toEqual({ submission: { state: 'in_review', draft_developer_notes: 'First listing.' } });
    expect(
      await screen.findByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeInTheDocument();
    expect(screen.getByText('In Review')).toBeInTheDocument();
  });

  it('in review: read-only, the in-review notice, withdraw (confirmed) instead of save and submit', async () => {
    const submission = buildCompleteSubmission({ state: 'in_review' });
    const { user, fetchMock } = render({
      submission,
      handler: (_url, init) =>
        init.method === 'PATCH' ? { body: { ...submission, state: 'draft' } } : undefined,
    });
    expect(
      screen.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Public name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from review' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastBody(fetchMock).body).toEqual({ submission: { state: 'draft' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Public name/ })).toBeEnabled());
  });

  it('a developer without canEdit sees the listing read-only, without save or submit', () => {
    render({ app: appWithRole('developer'), submission: buildCompleteSubmission() });
    expect(screen.getByRole('textbox', { name: /Public name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('a rejection shows its banner with the admin message as sanitized HTML, expandable, and "resubmit"', () => {
    render({
      submission: buildCompleteSubmission({
        approval_state: 'rejected',
        admin_message:
          '<p>Fix the <strong>screenshots</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the app itself' }],
      }),
    });
    expect(screen.getByText('Listing rejected')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('screenshots').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(
      screen.getByText(/Screenshots do not show the app in use \(Media Content\) — Show the app itself/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resubmit for approval' })).toBeInTheDocument();
  });

  it('an approval shows its banner', () => {
    render({
      submission: buildCompleteSubmission({
        state: 'published',
        approval_state: 'approved',
        admin_message: 'Welcome aboard',
      }),
    });
    expect(screen.getByText('Listing approved')).toBeInTheDocument();
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
  });
});

describe('ListingForm: saving', () => {
  it('creates the first submission with a POST, as JSON', async () => {
    const { user, fetchMock } = render({
      handler: (_url, init) =>
        init.method === 'POST' ? { body: buildSubmission({ public_name: 'Crane' }) } : undefined,
    });
    await user.type(screen.getByRole('textbox', { name: /Public name/ }), 'Crane');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Listing saved as a draft.')).toBeInTheDocument();
    const { url, method, body } = lastBody(fetchMock);
    expect([method, url]).toEqual(['POST', '/api/v1/developer_apps/5/submissions']);
    expect(body.submission).toMatchObject({
      public_name: 'Crane',
      tagline: null,
      feature_bullets: ['', '', ''],
    });
  });

  // The server names the form's fields (`feature_bullets.1`); a `submission.`-prefixed path still lands.
  it('puts the server 422 details on their fields and marks their tabs', async () => {
    const { user } = render({
      submission: buildSubmission(),
      handler: (_url, init) =>
        init.method === 'PATCH'
          ? errorBody(422, 'validation_failed', 'Validation failed', [
              {
                path: 'feature_bullets.1',
                code: 'too_long',
                message: 'too long',
                params: { max: 200 },
              },
              { path: 'submission.website_link.url', code: 'invalid_url', message: 'bad url' },
            ])
          : undefined,
    });
    await user.type(screen.getByRole('textbox', { name: /Public name/ }), 'Crane');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText("Couldn't Save Marketplace Listing.")).toBeInTheDocument();
    expect(within(tab(/Features/)).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    expect(within(tab(/Support/)).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /2nd feature/ })).toHaveAccessibleDescription(
      expect.stringContaining('Character limit exceeded (max 200)'),
    );
    await user.click(tab(/Support/));
    expect(screen.getByText('This URL is invalid')).toBeInTheDocument();
  });
});

describe('ListingForm: the save banner (spec 3 §8)', () => {
  async function saveWith(answer: ReturnType<FetchHandler>, language?: 'en' | 'es') {
    const result = render({
      submission: buildSubmission(),
      language,
      handler: (_url, init) => (init.method === 'PATCH' ? answer : undefined),
    });
    await result.user.type(screen.getByRole('textbox', { name: /Public name|Nombre público/ }), 'Crane');
    await result.user.click(screen.getByRole('button', { name: /Save draft|Guardar borrador/ }));
    return result;
  }
  const banner = async (title: string) =>
    (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]') as HTMLElement;

  it('lists every server error under "The following errors occurred:" when there is more than one', async () => {
    await saveWith(
      errorBody(422, 'validation_failed', 'Validation failed', [
        { path: 'submission.tagline', code: 'required', message: 'is required' },
        { path: 'submission.support_email', code: 'invalid_email', message: 'is not an e-mail' },
      ]),
    );
    const alert = await banner("Couldn't Save Marketplace Listing.");
    expect(within(alert).getByText('The following errors occurred:')).toBeInTheDocument();
    const items = within(within(alert).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Submission.tagline is required',
      'Submission.support email is not an e-mail',
    ]);
  });

  it('says a single server error as a sentence, without the list', async () => {
    await saveWith(errorBody(409, 'conflict', 'The listing is in review; withdraw it first.'));
    const alert = await banner("Couldn't Save Marketplace Listing.");
    expect(within(alert).getByText('The listing is in review; withdraw it first.')).toBeInTheDocument();
    expect(within(alert).queryByText('The following errors occurred:')).toBeNull();
    expect(within(alert).queryByRole('list')).toBeNull();
  });

  it('says "An error occurred while updating the marketplace listing." when the response has no error body', async () => {
    await saveWith({ status: 502 });
    const alert = await banner("Couldn't Save Marketplace Listing.");
    expect(
      within(alert).getByText('An error occurred while updating the marketplace listing.'),
    ).toBeInTheDocument();
  });

  it('lists the errors in Spanish too', async () => {
    await saveWith(
      errorBody(422, 'validation_failed', 'Validation failed', [
        { path: 'submission.tagline', code: 'required', message: 'is required' },
        { path: 'submission.support_email', code: 'invalid_email', message: 'is not an e-mail' },
      ]),
      'es',
    );
    const alert = await banner('No se pudo guardar la ficha del marketplace.');
    expect(within(alert).getByText('Se produjeron los siguientes errores:')).toBeInTheDocument();
    expect(within(within(alert).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('ListingForm: media', () => {
  it('asks before deleting a stored screenshot and sends its id in remove_media_ids', async () => {
    const submission = buildCompleteSubmission({
      pictures: [buildMedia({ id: 101, original_filename: 'site.png' }), buildMedia({ id: 102 })],
    });
    const { user, fetchMock } = render({
      submission,
      handler: (_url, init) => (init.method === 'PATCH' ? { body: submission } : undefined),
    });
    await user.click(tab(/Media Content/));
    await user.click(screen.getByRole('button', { name: 'Delete site.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(within(dialog).getByText('Are you sure you want to delete site.png?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('site.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete site.png' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText('site.png')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastBody(fetchMock).body.submission).toMatchObject({
      remove_media_ids: [101],
      pictures_attributes: [{ id: 102, description: null }],
    });
  });

  it('previews an image, and says when there is no preview', async () => {
    const submission = buildCompleteSubmission({
      videos: [buildMedia({ id: 300, type: 'Video', original_filename: 'demo.mp4' })],
    });
    const { user } = render({ submission });
    await user.click(tab(/Media Content/));
    await user.click(screen.getByRole('button', { name: 'Preview demo.mp4' }));
    expect(await screen.findByText('No Preview Available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download demo.mp4' })).toHaveAttribute(
      'href',
      '/api/v1/submissions/1/media/300',
    );
  });

  it('uploads a screenshot as multipart with progress and shows it', async () => {
    const uploads = mockUploads();
    const { user, container } = render({ submission: buildSubmission() });
    await user.click(tab(/Media Content/));
    expect(screen.getByText(/720×480 to 1920×1080 pixels/)).toBeInTheDocument();
    const inputs = container.ownerDocument.querySelectorAll('input[type="file"]');
    fireEvent.change(inputs[1] as HTMLInputElement, {
      target: { files: [new File(['png'], 'crane.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [request] = uploads;
    if (!request) throw new Error('no upload');
    expect([request.method, request.url]).toEqual(['PATCH', '/api/v1/submissions/1']);
    const form = request.body as FormData;
    expect((form.get('submission[pictures_attributes][0][file]') as File).name).toBe('crane.png');
    request.progress(50, 100);
    expect(await screen.findByText(/crane\.png.*50/)).toBeInTheDocument();
    request.respond(
      200,
      buildSubmission({ pictures: [buildMedia({ id: 555, original_filename: 'crane.png' })] }),
    );
    expect(await screen.findByText('crane.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete crane.png' })).toBeInTheDocument();
  });

  it('a failed video upload shows the generic error and stops its progress', async () => {
    const uploads = mockUploads();
    const { user, container } = render({ submission: buildSubmission() });
    await user.click(tab(/Media Content/));
    const inputs = container.ownerDocument.querySelectorAll('input[type="file"]');
    fireEvent.change(inputs[2] as HTMLInputElement, {
      target: { files: [new File(['mp4'], 'demo.mp4', { type: 'video/mp4' })] },
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(422, errorBody(422, 'validation_failed', 'bad', []).body);
    expect(await screen.findByText('The video could not be uploaded. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /demo\.mp4/ })).toBeNull();
  });
});

describe('ListingForm: security and compliance', () => {
  it('the visibility toggle says so in a toast and shows the questionnaire; answers enable their details', async () => {
    const { user } = render({ submission: buildCompleteSubmission() });
    await user.click(tab(/Security and Compliance/));
    expect(screen.queryByRole('textbox', { name: /Company legal name/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Show security and compliance information/ }));
    expect(
      await screen.findByText('Security and compliance information will be shown to customers.'),
    ).toBeInTheDocument();
    const details = screen.getByRole('textbox', { name: /Subprocessor details/ });
    expect(details).toBeDisabled();
    const question = screen.getByRole('radiogroup', { name: /Do you use subprocessors/ });
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect(details).toBeEnabled();
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    expect(details).toBeDisabled();
    // The tab now counts its unanswered questions.
    expect(screen.getByText('6 of 7 required sections complete (86%)')).toBeInTheDocument();
  });

  it('opens the questions in a right-hand side panel', async () => {
    const { user } = render({ submission: buildCompleteSubmission() });
    await user.click(tab(/Security and Compliance/));
    await user.click(screen.getByRole('button', { name: 'Review questions' }));
    const panel = await screen.findByRole('dialog', { name: 'Security and compliance questions' });
    expect(within(panel).getByText('Do you support SAML?')).toBeInTheDocument();
    expect(within(panel).getAllByText('Not answered').length).toBe(15);
  });
});

describe('ListingForm: preview', () => {
  it('shows a complete listing as customers will see it', async () => {
    const { user } = render({ submission: buildCompleteSubmission() });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Listing preview' });
    expect(within(dialog).getByRole('heading', { name: 'Crane Tracker' })).toBeInTheDocument();
    expect(within(dialog).getByText('Track every crane on site')).toBeInTheDocument();
    expect(within(dialog).getByText('Crane maps')).toBeInTheDocument();
    expect(within(dialog).getByText('Project Management')).toBeInTheDocument();
    expect(within(dialog).getByText(/Europe, Germany, Spain/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });
});
