import type { Submission } from '@lintel/shared/listing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { buildDeveloperApp } from '../developer-apps/factories';
import { buildCompleteSubmission, buildMedia, buildReferences } from './factories';
import { ListingForm } from './ListingForm';

const published = buildCompleteSubmission({ id: 1, state: 'published', approval_state: 'approved' });

function render(submission: Submission, withPublished = true) {
  mockFetch(() => undefined);
  return renderWithProviders(
    <ListingForm
      app={buildDeveloperApp()}
      submission={submission}
      user={{ is_employee: false, is_admin: false }}
      references={buildReferences()}
      securityEnabled
      published={withPublished ? published : null}
    />,
  );
}

const rejected = buildCompleteSubmission({
  id: 2,
  state: 'draft',
  approval_state: 'rejected',
  has_published_app: true,
  admin_message: 'Please fix the screenshots and the pricing.',
  rejection_reasons: [
    { code: 'screenshots_not_app', note: 'Show the lift log' },
    { code: 'logo_rules', note: null },
    { code: 'pricing_unclear', note: null },
  ],
  tagline: 'Every crane, every lift',
  pictures: [buildMedia({ id: 201, origin_id: 101 }), buildMedia({ id: 202, origin_id: 102 })],
  small_logo: buildMedia({ id: 190, origin_id: 90, type: 'Logo', original_filename: 'logo.png' }),
});

describe('the developer sees the reviewers’ reasons beside the affected tabs (issue 10)', () => {
  it('marks the tabs the reasons concern and lists them, with their notes, at the top of each', async () => {
    const { user } = render(rejected);
    const marker = { name: 'Reviewer feedback on this tab' };
    expect(within(screen.getByRole('tab', { name: /Media Content/ })).getByRole('img', marker)).toBeVisible();
    expect(within(screen.getByRole('tab', { name: /Pricing/ })).getByRole('img', marker)).toBeVisible();
    expect(within(screen.getByRole('tab', { name: /Support/ })).queryByRole('img', marker)).toBeNull();
    // Markers of changes against the published listing are the admins'.
    expect(screen.queryByRole('img', { name: 'Changed since published' })).toBeNull();
    expect(screen.queryByText('Changed since published')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Media Content/ }));
    const feedback = screen.getByRole('note', { name: 'Reviewer feedback' });
    expect(
      within(feedback).getByText('Screenshots do not show the app in use — Show the lift log'),
    ).toBeVisible();
    expect(within(feedback).getByText('The logo does not meet the logo rules')).toBeVisible();
    expect(within(feedback).queryByText(/Pricing is missing/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Support/ }));
    expect(screen.queryByRole('note', { name: 'Reviewer feedback' })).toBeNull();
  });

  it('lets the developer compare the listing with the published one', async () => {
    const { user } = render(rejected);
    await user.click(screen.getByRole('button', { name: 'Compare with published' }));
    const drawer = await screen.findByRole('dialog', { name: 'Changes since the published listing' });
    const tagline = within(drawer).getByRole('cell', { name: 'Tagline' }).closest('tr') as HTMLElement;
    expect(within(tagline).getByText('Track every crane on site')).toBeInTheDocument();
    expect(within(tagline).getByText('Every crane, every lift')).toBeInTheDocument();
    const media = within(drawer).getByRole('region', { name: 'Media Content' });
    expect(within(media).getByText('Removed')).toBeInTheDocument();
    expect(within(media).getByText('shot-103.png')).toBeInTheDocument();
  });

  it('without a published listing there is nothing to compare, and no reasons after a resubmission', () => {
    render({ ...rejected, state: 'in_review' }, false);
    expect(screen.queryByRole('button', { name: 'Compare with published' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Reviewer feedback on this tab' })).toBeNull();
  });
});
