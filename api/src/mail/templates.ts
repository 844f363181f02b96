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

/** One opportunity of the morning e-mail: the prospect, what is due, and the link to it. */
export type DigestLine = { label: string; detail: string; link: string };

export type MorningDigestInput = {
  to: string;
  username: string;
  organisationName: string;
  /** 'jeudi 26 novembre 2026'. */
  dateLabel: string;
  today: DigestLine[];
  overdue: DigestLine[];
  renewals: DigestLine[];
  /** Lines of each section left out of the e-mail (shown as "… et N autres"). */
  more: { today: number; overdue: number; renewals: number };
  /** The follow-ups list in the app. */
  listLink: string;
  /** The signed one-click unsubscribe link (also in List-Unsubscribe). */
  unsubscribeLink: string;
  /** The account page, where the e-mail is turned back on. */
  accountLink: string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/**
 * The morning e-mail: follow-ups due today, overdue ones, renewals of the next 7 days, each linked to
 * its opportunity; with the one-click unsubscribe headers of RFC 8058 (docs/decisions/morning-digest.md).
 */
export function morningDigestMail(input: MorningDigestInput): MailMessage {
  const subject = `Vos relances du ${input.dateLabel} – ${input.organisationName}`;
  const sections = [
    { title: 'À relancer aujourd’hui', lines: input.today, more: input.more.today },
    { title: 'En retard', lines: input.overdue, more: input.more.overdue },
    { title: 'Renouvellements des 7 prochains jours', lines: input.renewals, more: input.more.renewals },
  ].filter((section) => section.lines.length > 0);
  const summary = [
    input.today.length + input.more.today > 0
      ? plural(input.today.length + input.more.today, 'relance aujourd’hui', 'relances aujourd’hui')
      : '',
    input.overdue.length + input.more.overdue > 0
      ? plural(input.overdue.length + input.more.overdue, 'relance en retard', 'relances en retard')
      : '',
    input.renewals.length + input.more.renewals > 0
      ? plural(input.renewals.length + input.more.renewals, 'renouvellement', 'renouvellements')
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  const moreText = (count: number) =>
    count > 0 ? `… et ${plural(count, 'autre', 'autres')} : ${input.listLink}` : '';

  const text = [
    `Bonjour ${input.username},`,
    '',
    `Voici votre journée dans « ${input.organisationName} » : ${summary}.`,
    ...sections.flatMap((section) => [
      '',
      `${section.title} (${section.lines.length + section.more})`,
      ...section.lines.flatMap((line) => [`- ${line.label} — ${line.detail}`, `  ${line.link}`]),
      ...(section.more > 0 ? [moreText(section.more)] : []),
    ]),
    '',
    '--',
    'Vous recevez cet e-mail chaque matin parce que vous avez une licence dans cette organisation.',
    `Ne plus le recevoir (en un clic) : ${input.unsubscribeLink}`,
    `Le réactiver depuis votre compte : ${input.accountLink}`,
  ].join('\n');

  const html = [
    '<!doctype html>',
    `<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1f2933;">',
    `<p>Bonjour ${escapeHtml(input.username)},</p>`,
    `<p>Voici votre journée dans « ${escapeHtml(input.organisationName)} » : ${escapeHtml(summary)}.</p>`,
    ...sections.flatMap((section) => [
      `<h2 style="font-size: 16px; margin: 20px 0 8px;">${escapeHtml(section.title)} (${section.lines.length + section.more})</h2>`,
      '<ul style="padding-left: 20px; margin: 0;">',
      ...section.lines.map(
        (line) =>
          `<li style="margin-bottom: 6px;"><a href="${escapeHtml(line.link)}" style="color: #2357d9;">${escapeHtml(line.label)}</a> — ${escapeHtml(line.detail)}</li>`,
      ),
      '</ul>',
      ...(section.more > 0
        ? [
            `<p style="margin: 6px 0;"><a href="${escapeHtml(input.listLink)}">… et ${plural(section.more, 'autre', 'autres')}</a></p>`,
          ]
        : []),
    ]),
    '<p style="font-size: 12px; color: #616e7c; margin-top: 28px;">Vous recevez cet e-mail chaque matin parce que vous avez une licence dans cette organisation.<br>',
    `<a href="${escapeHtml(input.unsubscribeLink)}" style="color: #616e7c;">Ne plus recevoir l’e-mail du matin</a> · `,
    `<a href="${escapeHtml(input.accountLink)}" style="color: #616e7c;">Gérer depuis mon compte</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: input.to,
    subject,
    text,
    html,
    link: input.listLink,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
