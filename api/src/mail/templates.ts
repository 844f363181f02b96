// The French e-mails of the product, each as text and HTML. User data is escaped in the HTML part.
import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function layout(
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
  footer: string,
): string {
  return [
    '<!doctype html>',
    '<html lang="fr"><head><meta charset="utf-8"><title>' + escapeHtml(title) + '</title></head>',
    '<body style="font-family: Arial, sans-serif; color: #1f2933;">',
    ...paragraphs.map((text) => `<p>${text}</p>`),
    `<p><a href="${escapeHtml(link.href)}" style="background:#1f2933;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none;">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size: 12px; color: #616e7c;">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(link.href)}</p>`,
    `<p style="font-size: 12px; color: #616e7c;">${footer}</p>`,
    '</body></html>',
  ].join('\n');
}

export function passwordResetMail(input: { to: string; username: string; link: string }): MailMessage {
  const subject = 'Réinitialisation de votre mot de passe';
  const text = [
    `Bonjour ${input.username},`,
    '',
    'Vous avez demandé à réinitialiser votre mot de passe. Ouvrez ce lien pour en choisir un nouveau (il est valable une heure et ne sert qu’une fois) :',
    '',
    input.link,
    '',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  ].join('\n');
  const html = layout(
    subject,
    [
      `Bonjour ${escapeHtml(input.username)},`,
      'Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne sert qu’une fois.',
    ],
    { href: input.link, label: 'Choisir un nouveau mot de passe' },
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  );
  return { to: input.to, subject, text, html, link: input.link };
}

export function invitationMail(input: {
  to: string;
  inviterName: string;
  organisationName: string;
  link: string;
}): MailMessage {
  const subject = `Invitation à rejoindre ${input.organisationName}`;
  const text = [
    'Bonjour,',
    '',
    `${input.inviterName} vous invite à rejoindre l’organisation « ${input.organisationName} ».`,
    'Ouvrez ce lien pour accepter l’invitation (il est valable 7 jours et ne sert qu’une fois) ; si vous n’avez pas encore de compte, vous pourrez en créer un :',
    '',
    input.link,
    '',
    'Si vous ne connaissez pas cette personne, ignorez cet e-mail.',
  ].join('\n');
  const html = layout(
    subject,
    [
      'Bonjour,',
      `${escapeHtml(input.inviterName)} vous invite à rejoindre l’organisation « ${escapeHtml(input.organisationName)} ».`,
      'Ce lien est valable 7 jours et ne sert qu’une fois ; si vous n’avez pas encore de compte, vous pourrez en créer un.',
    ],
    { href: input.link, label: 'Rejoindre l’organisation' },
    'Si vous ne connaissez pas cette personne, ignorez cet e-mail.',
  );
  return { to: input.to, subject, text, html, link: input.link };
}
