import { credentialTemplates } from './credential-templates';

/** A rendered message: the same content as plain text and as HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Wraps a body in the portal's e-mail layout. `bodyHtml` must already be safe HTML. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">Lintel</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p><p style="font-size:13px;color:#52606d">Or paste this link into your browser: ${escapeHtml(url)}</p>`;
}

export const templates = {
  confirmation(data: { name: string; url: string }): RenderedEmail {
    const subject = 'Confirm your Lintel account';
    return {
      subject,
      text: `Hello ${data.name},\n\nWelcome to Lintel. Confirm your e-mail address to finish signing up:\n\n${data.url}\n\nIf you did not sign up, you can ignore this message.\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Welcome to Lintel. Confirm your e-mail address to finish signing up.</p>${button(data.url, 'Confirm my e-mail address')}<p>If you did not sign up, you can ignore this message.</p>`,
      ),
    };
  },
  passwordReset(data: { name: string; url: string }): RenderedEmail {
    const subject = 'Reset your Lintel password';
    return {
      subject,
      text: `Hello ${data.name},\n\nSomeone asked to reset the password of your Lintel account. Choose a new password here (the link works once, for one hour):\n\n${data.url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Someone asked to reset the password of your Lintel account. The link works once, for one hour.</p>${button(data.url, 'Choose a new password')}<p>If it was not you, ignore this message: your password stays as it is.</p>`,
      ),
    };
  },
  /** A critical announcement: subject = title, body = the summary; never the notification's body. */
  announcement(data: {
    title: string;
    summaryText: string;
    summaryHtml: string;
    url: string;
    settingsUrl: string;
  }): RenderedEmail {
    return {
      subject: data.title,
      text: `${data.summaryText}\n\nRead it on Lintel: ${data.url}\n\n--\nYou receive critical announcements because they are switched on in your account settings: ${data.settingsUrl}\n`,
      html: layout(
        data.title,
        `${data.summaryHtml}<p><a href="${escapeHtml(data.url)}">Read it on Lintel</a></p><p style="font-size:12px;color:#7b8794">You receive critical announcements because they are switched on in your <a href="${escapeHtml(data.settingsUrl)}">account settings</a>.</p>`,
      ),
    };
  },
  /** An invitation to collaborate on a developer app (spec 2 §4): who, which app, which role, until when. */
  invitation(data: {
    inviterName: string;
    inviterEmail: string;
    email: string;
    appName: string;
    role: 'admin' | 'developer';
    url: string;
    expiresAt: Date;
  }): RenderedEmail {
    const subject = `${data.inviterName} invited you to collaborate on ${data.appName}`;
    const expires = `${data.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return {
      subject,
      text: `Hello,\n\n${data.inviterName} (${data.inviterEmail}) invited ${data.email} to collaborate on the app "${data.appName}" on Lintel as ${data.role}.\n\nSign in with (or sign up for) an account with this e-mail address, then accept the invitation here:\n\n${data.url}\n\nThe invitation expires on ${expires}. If you did not expect it, you can ignore this message.\n`,
      html: layout(
        subject,
        `<p>Hello,</p><p>${escapeHtml(data.inviterName)} (${escapeHtml(data.inviterEmail)}) invited ${escapeHtml(data.email)} to collaborate on the app <strong>${escapeHtml(data.appName)}</strong> on Lintel as <strong>${escapeHtml(data.role)}</strong>.</p><p>Sign in with (or sign up for) an account with this e-mail address, then accept the invitation.</p>${button(data.url, 'Accept the invitation')}<p>The invitation expires on ${escapeHtml(expires)}. If you did not expect it, you can ignore this message.</p>`,
      ),
    };
  },
  sandboxReady(data: { name: string; appName: string; url: string }): RenderedEmail {
    const subject = `Your sandbox for ${data.appName} is ready`;
    return {
      subject,
      text: `Hello ${data.name},\n\nThe sandbox of ${data.appName} is live. Its client id and redirect URIs are on the app's OAuth credentials page:\n\n${data.url}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>The sandbox of <strong>${escapeHtml(data.appName)}</strong> is live. Its client id and redirect URIs are on the app's OAuth credentials page.</p>${button(data.url, 'Open the app')}`,
      ),
    };
  },
  sandboxFailed(data: { name: string; appName: string; url: string }): RenderedEmail {
    const subject = `We could not build the sandbox for ${data.appName}`;
    return {
      subject,
      text: `Hello ${data.name},\n\nSomething went wrong building the sandbox of ${data.appName}. Our team has been notified and will follow up. You can check its state here:\n\n${data.url}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Something went wrong building the sandbox of <strong>${escapeHtml(data.appName)}</strong>. Our team has been notified and will follow up.</p>${button(data.url, 'Open the app')}`,
      ),
    };
  },
  signUpAttempt(data: { name: string; signInUrl: string; resetUrl: string }): RenderedEmail {
    const subject = 'Someone tried to sign up with your address';
    return {
      subject,
      text: `Hello ${data.name},\n\nSomeone tried to create a Lintel account with this e-mail address, which already has one. Nothing changed. If it was you, sign in:\n\n${data.signInUrl}\n\nor, if you forgot your password, choose a new one:\n\n${data.resetUrl}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Someone tried to create a Lintel account with this e-mail address, which already has one. Nothing changed. If it was you, sign in, or choose a new password if you forgot it.</p>${button(data.signInUrl, 'Sign in')}${button(data.resetUrl, 'Choose a new password')}`,
      ),
    };
  },
  signInCeiling(data: { name: string; resetUrl: string }): RenderedEmail {
    const subject = 'Many failed sign-ins to your Lintel account';
    return {
      subject,
      text: `Hello ${data.name},\n\nThere were many failed attempts to sign in to your account in the last 15 minutes, from several addresses, so signing in is paused for a while. If this was not you, nothing of yours was reached; you may want to choose a new password:\n\n${data.resetUrl}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>There were many failed attempts to sign in to your account in the last 15 minutes, from several addresses, so signing in is paused for a while. If this was not you, nothing of yours was reached; you may want to choose a new password.</p>${button(data.resetUrl, 'Choose a new password')}`,
      ),
    };
  },
  ...credentialTemplates,
  /** A sign-in from a browser this account had not used (issue 23): where and when, never a secret. */
  newSignIn(data: {
    name: string;
    browser: string;
    ip: string;
    at: Date;
    sessionsUrl: string;
    resetUrl: string;
  }): RenderedEmail {
    const subject = 'New sign-in to your Lintel account';
    const at = `${data.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return {
      subject,
      text: `Hello ${data.name},\n\nYour Lintel account was signed in to from a new browser: ${data.browser}, address ${data.ip}, at ${at}.\n\nIf it was you, there is nothing to do. If not, sign that session out and choose a new password:\n\n${data.sessionsUrl}\n${data.resetUrl}\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Your Lintel account was signed in to from a new browser: <strong>${escapeHtml(data.browser)}</strong>, address ${escapeHtml(data.ip)}, at ${escapeHtml(at)}.</p><p>If it was you, there is nothing to do. If not, sign that session out and choose a new password.</p>${button(data.sessionsUrl, 'See your sessions')}${button(data.resetUrl, 'Choose a new password')}`,
      ),
    };
  },
  /** An administrator removed every second factor of the account (issue 23); no secret or code in it. */
  twoFactorRemoved(data: { name: string; accountUrl: string }): RenderedEmail {
    const subject = 'Two-factor authentication was removed from your Lintel account';
    return {
      subject,
      text: `Hello ${data.name},\n\nAn administrator removed the second factors of your account (authenticator app, recovery codes and passkeys), as you asked after losing them. You can sign in with your password alone now. Please set up two-factor authentication again on your account page:\n\n${data.accountUrl}\n\nIf you did not ask for this, reply to this e-mail at once.\n`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>An administrator removed the second factors of your account (authenticator app, recovery codes and passkeys), as you asked after losing them. You can sign in with your password alone now. Please set up two-factor authentication again on your account page.</p>${button(data.accountUrl, 'Open my account')}<p>If you did not ask for this, reply to this e-mail at once.</p>`,
      ),
    };
  },
} satisfies Record<string, (data: never) => RenderedEmail>;

export type TemplateName = keyof typeof templates;
