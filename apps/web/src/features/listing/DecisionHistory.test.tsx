import type { ListingDecision, Submission } from '@lintel/shared/listing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { DecisionBanner } from './DecisionBanner';
import { DecisionHistory } from './DecisionHistory';
import { buildCompleteSubmission } from './factories';

function decision(overrides: Partial<ListingDecision> = {}): ListingDecision {
  return {
    id: 1,
    submission_id: 7,
    submission_version: 1,
    decision: 'rejected',
    message: null,
    rejection_reasons: [],
    silent: false,
    reviewer_name: 'Rita Reviewer',
    reviewer_notes: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const rejection = decision({
  id: 1,
  message: '<p>Screenshots show a <strong>login page</strong>.</p>',
  rejection_reasons: [{ code: 'screenshots_not_app', note: 'Show the daily log screen' }],
});
const approval = decision({ id: 2, decision: 'approved', created_at: '2026-11-22T09:30:00.000Z' });

/** The history's own entries (a rejection's reasons are a list of their own inside its entry). */
const decisionsIn = (history: HTMLElement) =>
  within(history)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.closest('[role="listitem"]') === null);

function serveHistory(decisions: ListingDecision[] | null) {
  return mockFetch((url) =>
    url === '/api/v1/developer_apps/5/submissions/decisions'
      ? decisions
        ? { body: decisions }
        : { status: 500, body: { errors: ['Boom'], error: { code: 'internal', message: 'Boom' } } }
      : undefined,
  );
}

describe('the review decision history (issue 20)', () => {
  it('lists every decision newest first, each with its own message and reasons', async () => {
    serveHistory([approval, rejection]);
    const { user } = renderWithProviders(<DecisionHistory appId={5} />);
    // Folded at first (the standing decision is in the banner), with the count.
    const show = await screen.findByRole('button', { name: 'Show all decisions (2)' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Review history' })).toBeNull();
    await user.click(show);
    const history = await screen.findByRole('list', { name: 'Review history' });
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    const items = decisionsIn(history);
    expect(items).toHaveLength(2);
    const [newest, oldest] = items as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Version 1 approved')).toBeInTheDocument();
    expect(within(newest).getByText('No message.')).toBeInTheDocument();
    expect(newest).toHaveTextContent('by Rita Reviewer');
    expect(newest).not.toHaveTextContent('login page');
    expect(newest).not.toHaveTextContent('Screenshots do not show the app in use');
    expect(within(oldest).getByText('Version 1 rejected')).toBeInTheDocument();
    expect(within(oldest).getByText('login page', { selector: 'strong' })).toBeInTheDocument();
    expect(oldest).toHaveTextContent('Screenshots do not show the app in use — Show the daily log screen');
    expect(screen.queryByText('Reviewer notes (administrators only)')).toBeNull();
  });

  it("shows the reviewer notes an administrator's answer carries, and a silent approval as such", async () => {
    serveHistory([
      decision({ id: 3, decision: 'approved', silent: true, reviewer_notes: 'Checked by phone.' }),
      decision({ id: 4, reviewer_name: null }),
    ]);
    const { user } = renderWithProviders(<DecisionHistory appId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Show all decisions (2)' }));
    const [first, second] = decisionsIn(await screen.findByRole('list', { name: 'Review history' })) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('Published silently');
    expect(first).toHaveTextContent('Reviewer notes (administrators only)Checked by phone.');
    expect(second).toHaveTextContent('by a former reviewer');
  });

  it('says when there is no decision yet, and when the history cannot be loaded', async () => {
    serveHistory([]);
    const { unmount } = renderWithProviders(<DecisionHistory appId={5} />);
    expect(await screen.findByText(/No review decisions yet/)).toBeInTheDocument();
    unmount();
    serveHistory(null);
    renderWithProviders(<DecisionHistory appId={5} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    serveHistory([approval]);
    const { user } = renderWithProviders(<DecisionHistory appId={5} />, { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Historial de revisiones' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mostrar todas las decisiones (1)' }));
    expect(await screen.findByText('Versión 1 aprobada')).toBeInTheDocument();
  });
});

describe('the decision banner shows the latest decision only (issue 20)', () => {
  const render = (overrides: Partial<Submission>) => {
    mockFetch(() => undefined);
    return renderWithProviders(<DecisionBanner submission={buildCompleteSubmission(overrides)} />);
  };

  it('an approval without a message says "Listing approved" and nothing of an earlier rejection', () => {
    render({ state: 'published', approval_state: 'approved', admin_message: null, rejection_reasons: [] });
    expect(screen.getByText('Listing approved')).toBeInTheDocument();
    expect(screen.queryByText('Reasons')).toBeNull();
    expect(screen.queryByText(/asked for changes/)).toBeNull();
  });

  it('an approval never lists rejection reasons, whatever the submission carries', () => {
    render({
      state: 'published',
      approval_state: 'approved',
      admin_message: 'Welcome aboard',
      rejection_reasons: [{ code: 'logo_rules', note: null }],
    });
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.queryByText('Reasons')).toBeNull();
  });

  it('a rejection shows its message and reasons', () => {
    render({
      state: 'draft',
      approval_state: 'rejected',
      admin_message: 'Fix the logo',
      rejection_reasons: [{ code: 'logo_rules', note: 'Square, please' }],
    });
    expect(screen.getByText('Listing rejected')).toBeInTheDocument();
    expect(screen.getByText('Fix the logo')).toBeInTheDocument();
    expect(screen.getByText(/Square, please/)).toBeInTheDocument();
  });

  it('a withdrawn resubmission awaits a decision: no banner, although the last message is kept', () => {
    render({ state: 'draft', approval_state: 'unreviewed', admin_message: 'Fix the logo' });
    expect(screen.queryByText('Listing approved')).toBeNull();
    expect(screen.queryByText('Listing rejected')).toBeNull();
  });

  it('nothing while the listing is in review', () => {
    render({ state: 'in_review', approval_state: 'rejected', admin_message: 'Fix the logo' });
    expect(screen.queryByText('Listing rejected')).toBeNull();
  });
});
