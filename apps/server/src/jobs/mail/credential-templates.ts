import { escapeHtml, layout, type RenderedEmail } from './templates';

/** What happened to an app's client secret (issue 23): each is e-mailed to the app's owners and admins. */
export type SecretChange = 'rotated' | 'previous_expired' | 'reset';

export interface SecretChangedData {
  name: string;
  appName: string;
  environment: 'sandbox' | 'production';
  change: SecretChange;
  actorName: string;
  /** A rotation: when the previous secret stops working. */
  previousExpiresAt?: Date | null;
  url: string;
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function sentence(data: SecretChangedData): string {
  const which = `the ${data.environment} client secret of ${data.appName}`;
  switch (data.change) {
    case 'rotated':
      return `${data.actorName} rotated ${which}. The previous secret keeps working until ${utc(
        data.previousExpiresAt ?? new Date(),
      )}; update your integration with the new secret before then.`;
    case 'previous_expired':
      return `${data.actorName} ended the grace period of ${which}: the previous secret no longer works, only the new one does.`;
    case 'reset':
      return `${data.actorName} reset ${which}. The previous secret and every token issued with it stopped working at once.`;
  }
}

/**
 * The notice of a secret change. It never carries the secret: the new one is shown once, in the portal,
 * to whoever made the change.
 */
export const credentialTemplates = {
  secretChanged(data: SecretChangedData): RenderedEmail {
    const subject =
      data.change === 'rotated'
        ? `The ${data.environment} secret of ${data.appName} was rotated`
        : data.change === 'reset'
          ? `The ${data.environment} secret of ${data.appName} was reset`
          : `The previous ${data.environment} secret of ${data.appName} has expired`;
    const body = sentence(data);
    return {
      subject,
      text: `Hello ${data.name},\n\n${body}\n\nIf you did not expect this, check the app's credentials:\n\n${data.url}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>${escapeHtml(body)}</p><p>If you did not expect this, check the app's credentials: <a href="${escapeHtml(data.url)}">${escapeHtml(data.url)}</a></p>`,
      ),
    };
  },
};
