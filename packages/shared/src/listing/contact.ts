/** The contact choices of the Contact tab (spec 3 §2); create-lead is offered to platform employees only. */
export type ContactType = 'contact_us' | 'learn_how' | 'create_lead';

export interface ContactValues {
  contact_us_email?: string | null;
  learn_how_url?: string | null;
  create_lead?: boolean | null;
}

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * The choice shown when the form opens (spec 3 §4): create_lead → create-lead; a contact-us e-mail →
 * contact-us; else a learn-how url → learn-how; else contact-us.
 */
export function contactTypeOf(values: ContactValues): ContactType {
  if (values.create_lead === true) return 'create_lead';
  if (filled(values.contact_us_email)) return 'contact_us';
  if (filled(values.learn_how_url)) return 'learn_how';
  return 'contact_us';
}

/**
 * The fields after choosing a contact type (spec 3 §4): contact-us clears learn_how_url, learn-how clears
 * contact_us_email (both set create_lead false); create-lead clears both and sets create_lead.
 */
export function applyContactType<T extends ContactValues>(values: T, type: ContactType): T {
  switch (type) {
    case 'contact_us':
      return { ...values, learn_how_url: '', create_lead: false };
    case 'learn_how':
      return { ...values, contact_us_email: '', create_lead: false };
    case 'create_lead':
      return { ...values, contact_us_email: '', learn_how_url: '', create_lead: true };
  }
}

/** The contact types a user is offered: create-lead only for platform employees (spec 3 §6). */
export function contactTypesFor(user: { is_employee: boolean }): ContactType[] {
  return user.is_employee ? ['contact_us', 'learn_how', 'create_lead'] : ['contact_us', 'learn_how'];
}
