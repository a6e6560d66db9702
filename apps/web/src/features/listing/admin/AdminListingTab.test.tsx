import type { Submission } from '@lintel/shared/listing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../router';
import { buildSession } from '../../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { mockUploads } from '../../../test/upload';
import { buildDeveloperApp } from '../../developer-apps/factories';
import { listAnswer } from '../../notifications/factories';
import { buildCompleteSubmission, buildMedia, buildReferences } from '../factories';

const refs = buildReferences();
const PATH = '/admin/developer_apps/5/marketplaceListing';

/** The published listing (id 1) and the one under review (id 2): a new tagline, bullet and screenshot. */
const published = buildCompleteSubmission({ id: 1, state: 'published', approval_state: 'approved' });
function underReview(overrides: Partial<Submission> = {}): Submission {
  return buildCompleteSubmission({
    id: 2,
    state: 'in_review',
    version: 2,
    has_published_app: true,
    tagline: 'Every crane, every lift',
    feature_bullets: ['Lift logs', 'Crane maps and routes', 'Daily reports'],
    pictures: [
      ...published.pictures.map((item) => buildMedia({ ...item, id: item.id + 100, origin_id: item.id })),
      buildMedia({ id: 300, original_filename: 'new-dashboard.png' }),
    ],
    small_logo: buildMedia({ id: 190, origin_id: 90, type: 'Logo', original_filename: 'logo.png' }),
    ...overrides,
  });
}

function serve(current: Submission, handler?: FetchHandler) {
  return mockFetch((url, init) => {
    const own = handler?.(url, init);
    if (own) return own;
    if (url === '/api/v1/session') return { body: buildSession({ is_admin: true, is_employee: true }) };
    if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
    if (url === '/api/v1/admin/developer_apps/5')
      return {
        body: buildDeveloperApp({
          marketplace_enabled: false,
          published_app: {
            id: 1,
            state: 'published',
            approval_state: 'approved',
            admin_message: null,
            version: 1,
          },
          last_marketplace_app: {
            id: 2,
            state: current.state,
            approval_state: 'unreviewed',
            admin_message: null,
            version: 2,
          },
        }),
      };
    if (url === '/api/v1/developer_apps/5/submissions/current') return { body: current };
    if (url === '/api/v1/submissions/1') return { body: published };
    if (url === '/api/v1/categories') return { body: refs.categories };
    if (url === '/api/v1/regions') return { body: refs.regions };
    if (url === '/api/v1/product_tools') return { body: refs.productTools };
    if (url === '/api/v1/security_standards') return { body: refs.securityStandards };
    if (url.startsWith('/api/v1/manifests')) return listAnswer([], { perPage: 100 });
    return undefined;
  });
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([called, init]) => String(called) === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Admin listing tab: review against the published listing', () => {
  it('marks every changed field and tab, and lists the full diff (text, lists, media)', async () => {
    serve(underReview());
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
    expect(tagline).toHaveValue('Every crane, every lift');
    // Markers: on the changed tabs only, and beside the changed field.
    expect(
      within(tab(/App Information/)).getByRole('img', { name: 'Changed since published' }),
    ).toBeVisible();
    expect(within(tab(/Features/)).getByRole('img', { name: 'Changed since published' })).toBeVisible();
    expect(within(tab(/Media Content/)).getByRole('img', { name: 'Changed since published' })).toBeVisible();
    expect(within(tab(/Support/)).queryByRole('img', { name: 'Changed since published' })).toBeNull();
    expect(screen.getAllByText('Changed since published')).toHaveLength(1);
    expect(tagline.closest('[class*="changedField"]')).not.toBeNull();
    expect(
      screen.getByRole('textbox', { name: /Public name/ }).closest('[class*="changedField"]'),
    ).toBeNull();
    await user.click(tab(/Features/));
    expect(screen.getAllByText('Changed since published')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Compare with published' }));
    const drawer = await screen.findByRole('dialog', { name: 'Changes since the published listing' });
    const row = (label: string) =>
      within(drawer).getByRole('cell', { name: label }).closest('tr') as HTMLElement;
    expect(within(row('Tagline')).getByText('Track every crane on site')).toBeInTheDocument();
    expect(within(row('Tagline')).getByText('Every crane, every lift')).toBeInTheDocument();
    expect(within(row('2nd feature')).getByText('Crane maps and routes')).toBeInTheDocument();
    const screenshots = within(drawer).getByRole('region', { name: 'Media Content' });
    expect(within(screenshots).getByText('Added')).toBeInTheDocument();
    expect(within(screenshots).getByText('new-dashboard.png')).toBeInTheDocument();
    // The copied logo and screenshots are the published ones: not changes.
    expect(within(drawer).queryByText('Removed')).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Support' })).toBeNull();
  });

  it('shows the admin extras, with a copy button on each filled text field', async () => {
    serve(underReview({ notes: 'Called the partner.' }));
    renderRoutes(createRoutes(), PATH, { withToasts: true });
    expect(await screen.findByRole('switch', { name: 'Beta' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Security badge' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Admin notes/ })).toHaveValue('Called the partner.');
    expect(screen.getByText('Showcase video')).toBeInTheDocument();
    expect(document.querySelector('input[type="file"][aria-label="Upload showcase video"]')).not.toBeNull();
    expect(
      document.querySelector('input[type="file"][aria-label="Upload self-assessment document"]'),
    ).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Public name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Admin notes' })).toBeInTheDocument();
    // Admins edit a listing in review.
    expect(screen.getByRole('textbox', { name: /Public name/ })).toBeEnabled();
  });

  it('rejects with structured reasons, notes and the admin message', async () => {
    const rejected = underReview({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: 'Please fix the screenshots.',
      rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the lift log' }],
    });
    const fetchMock = serve(underReview(), (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH' ? { body: rejected } : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    await screen.findByRole('textbox', { name: /Tagline/ });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the listing' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Screenshots do not show the app in use/ }),
    );
    await user.click(
      within(dialog).getByRole('textbox', { name: 'Note on "Screenshots do not show the app in use"' }),
    );
    await user.paste('Show the lift log');
    await user.click(within(dialog).getByRole('textbox', { name: /Admin message/ }));
    await user.paste('Please fix the screenshots.');
    await user.click(within(dialog).getByRole('textbox', { name: /Reviewer notes/ }));
    await user.paste('Third try; call them if it fails again.');
    await user.click(confirm);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0]).toEqual({
      submission: {
        approval_state: 'rejected',
        admin_message: 'Please fix the screenshots.',
        rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the lift log' }],
        reviewer_notes: 'Third try; call them if it fails again.',
      },
    });
    expect(await screen.findByText('Listing rejected.')).toBeInTheDocument();
    expect(screen.getByText('Rejected', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it("approves a resubmitted listing from an empty dialog, not with the rejection's message (issue 20)", async () => {
    // Rejected with a message, fixed and resubmitted: the submission still carries the rejection's words.
    const resubmitted = underReview({
      admin_message: 'Please fix the screenshots.',
      rejection_reasons: [{ code: 'screenshots_not_app', note: null }],
    });
    const approved = underReview({
      state: 'published',
      approval_state: 'approved',
      silent: true,
      admin_message: 'Welcome aboard',
      rejection_reasons: [],
    });
    const fetchMock = serve(resubmitted, (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH' ? { body: approved } : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    await screen.findByRole('textbox', { name: /Tagline/ });
    // The verdict's message is typed in its dialog: the footer offers none while the listing awaits one.
    const footer = document.querySelector('footer[aria-label="Listing actions"]') as HTMLElement;
    expect(within(footer).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(footer).queryByRole('textbox', { name: /Admin message/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the listing' });
    expect(within(dialog).getByRole('textbox', { name: /Admin message/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /Reviewer notes/ })).toHaveValue('');
    expect(within(dialog).queryByText('Please fix the screenshots.')).toBeNull();
    await user.click(within(dialog).getByRole('textbox', { name: /Admin message/ }));
    await user.paste('Welcome aboard');
    await user.click(within(dialog).getByRole('checkbox', { name: /Publish silently/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0]).toEqual({
      submission: {
        approval_state: 'approved',
        admin_message: 'Welcome aboard',
        silent: true,
        reviewer_notes: null,
      },
    });
    expect(await screen.findByText('Listing approved and published.')).toBeInTheDocument();
    // The banner shows the approval's own message, without the rejection's reasons.
    const approvedBanner = screen.getByText('Listing approved').closest('.mantine-Alert-root');
    expect(approvedBanner).toHaveTextContent('Welcome aboard');
    expect(approvedBanner).not.toHaveTextContent('Please fix the screenshots.');
    expect(approvedBanner).not.toHaveTextContent('Reasons');
  });

  it('approving without a message sends none, even when the footer held one before the review', async () => {
    const resubmitted = underReview({ admin_message: 'Please fix the screenshots.' });
    const fetchMock = serve(resubmitted, (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH'
        ? { body: underReview({ state: 'published', approval_state: 'approved', admin_message: null }) }
        : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    await screen.findByRole('textbox', { name: /Tagline/ });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0]).toEqual({
      submission: { approval_state: 'approved', admin_message: null, silent: false, reviewer_notes: null },
    });
  });

  it('saves edits through the admin route with the admin fields; approving waits for the save', async () => {
    const fetchMock = serve(underReview(), (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH'
        ? { body: underReview({ beta: true, tagline: 'Edited by an admin' }) }
        : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
    await user.clear(tagline);
    await user.paste('Edited by an admin');
    await user.click(screen.getByRole('switch', { name: 'Beta' }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByText('Save your changes before approving or rejecting.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0].submission).toMatchObject({
      tagline: 'Edited by an admin',
      beta: true,
      security_badge: false,
      notes: null,
    });
    expect(await screen.findByText('Listing saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it("amends the standing decision's message from the footer out of review; typed just before saving, it goes with the save", async () => {
    const rejected = underReview({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: 'Please fix the screenshots.',
    });
    const fetchMock = serve(rejected, (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH'
        ? { body: { ...rejected, tagline: 'Edited by an admin', admin_message: 'Checked the pricing.' } }
        : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
    await user.clear(tagline);
    await user.paste('Edited by an admin');
    const message = screen.getByRole('textbox', { name: /Admin message/ });
    expect(message).toHaveValue('Please fix the screenshots.');
    await user.clear(message);
    await user.paste('Checked the pricing.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0].submission).toMatchObject({
      tagline: 'Edited by an admin',
      admin_message: 'Checked the pricing.',
    });
  });

  it('switches concierge on the submission and marketplace_enabled on the app', async () => {
    const fetchMock = serve(underReview(), (url, init) => {
      if (url === '/api/v1/admin/submissions/2' && init.method === 'PATCH')
        return { body: underReview({ is_concierge_app: true }) };
      if (url === '/api/v1/admin/developer_apps/5' && init.method === 'PATCH')
        return { body: buildDeveloperApp({ marketplace_enabled: true }) };
      return undefined;
    });
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    await user.click(await screen.findByRole('switch', { name: 'Show in concierge' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toEqual([
        { submission: { is_concierge_app: true } },
      ]),
    );
    expect(await screen.findByRole('switch', { name: 'Show in concierge' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Marketplace enabled' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/developer_apps/5')).toEqual([
        { developer_app: { marketplace_enabled: true } },
      ]),
    );
    expect(await screen.findByText('The marketplace is enabled for this app.')).toBeInTheDocument();
  });

  it('a draft cannot be approved or rejected yet', async () => {
    serve(underReview({ state: 'draft' }));
    renderRoutes(createRoutes(), PATH, { withToasts: true });
    await screen.findByRole('textbox', { name: /Tagline/ });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(
      screen.getByText('Approve or reject once the developer submits the listing for review.'),
    ).toBeInTheDocument();
  });

  it('uploads the showcase video through the admin route; deleting it asks first and marks its id', async () => {
    const uploads = mockUploads();
    const fetchMock = serve(underReview(), (url, init) =>
      url === '/api/v1/admin/submissions/2' && init.method === 'PATCH' ? { body: underReview() } : undefined,
    );
    const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
    await screen.findByRole('textbox', { name: /Tagline/ });
    const input = document.querySelector('input[type="file"][aria-label="Upload showcase video"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['mp4'], 'tour.mp4', { type: 'video/mp4' })] },
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [request] = uploads;
    if (!request) throw new Error('no upload');
    expect([request.method, request.url]).toEqual(['PATCH', '/api/v1/admin/submissions/2']);
    expect(((request.body as FormData).get('submission[showcase_video_attributes][file]') as File).name).toBe(
      'tour.mp4',
    );
    request.respond(
      200,
      underReview({
        showcase_video: buildMedia({ id: 400, type: 'ShowcaseVideo', original_filename: 'tour.mp4' }),
      }),
    );
    const remove = await screen.findByRole('button', { name: 'Delete tour.mp4' });
    // New since the published listing: marked.
    expect(
      within(tab(/App Information/)).getByRole('img', { name: 'Changed since published' }),
    ).toBeVisible();
    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(within(confirm).getByText('Are you sure you want to delete tour.mp4?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('Upload showcase video', { selector: 'input' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/admin/submissions/2')[0].submission.remove_media_ids).toEqual(
      [400],
    );
  });

  describe('leaving with unsaved changes', () => {
    beforeEach(() => {
      // The wide layout, with the top navigation's links.
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    });
    afterEach(() => vi.restoreAllMocks());

    it('asks before a link leaves the tab, and stays when declined', async () => {
      serve(underReview());
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
      const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
      await user.type(tagline, '!');
      await user.click(screen.getByRole('link', { name: 'Apps' }));
      expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
      expect(screen.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Every crane, every lift!');
      confirm.mockReturnValue(true);
      await user.click(screen.getByRole('link', { name: 'Apps' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /Tagline/ })).toBeNull());
    });

    it("asks before another of the app page's tabs opens, and stays when declined", async () => {
      serve(underReview());
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user, router } = renderRoutes(createRoutes(), PATH, { withToasts: true });
      const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
      await user.type(tagline, '!');
      await user.click(screen.getByRole('tab', { name: 'General' }));
      expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
      expect(router.state.location.pathname).toBe(PATH);
      expect(screen.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Every crane, every lift!');
    });

    it("asks before the browser's back button leaves the tab, and stays when declined", async () => {
      serve(underReview());
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user, router } = renderRoutes(createRoutes(), '/developer_apps', { withToasts: true });
      await router.navigate(PATH);
      const tagline = await screen.findByRole('textbox', { name: /Tagline/ });
      await user.type(tagline, '!');
      await router.navigate(-1);
      expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
      expect(router.state.location.pathname).toBe(PATH);
      expect(screen.getByRole('textbox', { name: /Tagline/ })).toHaveValue('Every crane, every lift!');
      confirm.mockReturnValue(true);
      await router.navigate(-1);
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /Tagline/ })).toBeNull());
      expect(router.state.location.pathname).toBe('/developer_apps');
    });

    it('does not ask when everything is saved', async () => {
      serve(underReview());
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { user } = renderRoutes(createRoutes(), PATH, { withToasts: true });
      await screen.findByRole('textbox', { name: /Tagline/ });
      await user.click(screen.getByRole('link', { name: 'Apps' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /Tagline/ })).toBeNull());
      expect(confirm).not.toHaveBeenCalled();
    });
  });
});

describe('Admin listing tab: load failures (spec 3 §8)', () => {
  it('says when the listing cannot be loaded', async () => {
    serve(underReview(), (url) =>
      url === '/api/v1/developer_apps/5/submissions/current'
        ? {
            status: 500,
            body: { errors: ['boom'], error: { code: 'internal', message: 'boom', details: [] } },
          }
        : undefined,
    );
    renderRoutes(createRoutes(), PATH);
    const title = await screen.findByText(
      'Error: unable to retrieve marketplace app.',
      {},
      { timeout: 4000 },
    );
    expect(title.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Public name/ })).toBeNull();
  });
});
