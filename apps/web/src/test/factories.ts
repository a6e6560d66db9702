import type { OutboundEmail, Session, User } from '@lintel/shared';

/** A user as the API returns it; override any field. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ada Lovelace',
    company_name: 'Analytical Engines',
    email: 'ada@example.com',
    is_admin: false,
    is_employee: false,
    critical_emails: true,
    confirmed_at: '2026-01-02T03:04:05.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildSession(overrides: Partial<User> = {}): Session {
  return {
    user: buildUser(overrides),
    csrf_token: 'csrf-token-1',
    support_email: 'api-support@lintel.dev',
    features: {
      can_create_sandbox_manifests: true,
      government_cloud: false,
      form_experience_forced: false,
      security_and_compliance_enabled: true,
      listing_application: {
        enabled: true,
        existing_partner_form_url: 'https://partners.example.com/existing',
        new_partner_form_url: 'https://partners.example.com/new',
        partner_programs_email: 'partners@example.com',
      },
    },
  };
}

export function buildOutboundEmail(overrides: Partial<OutboundEmail> = {}): OutboundEmail {
  return {
    id: 1,
    to: 'dev@example.com',
    subject: 'Confirm your e-mail address',
    template: 'registration_confirmation',
    status: 'sent',
    attempts: 1,
    last_error: null,
    text_body: 'Follow this link to confirm.',
    html_body: '<p>Follow <a href="https://example.com">this link</a>.</p>',
    created_at: '2026-03-01T10:00:00.000Z',
    sent_at: '2026-03-01T10:00:05.000Z',
    ...overrides,
  };
}
