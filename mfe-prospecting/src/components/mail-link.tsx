import { displayValue } from '@app/domain';
import { mailHref } from '../utils/contact-hrefs';
import './contact-link.css';

export type MailLinkProps = { mail: string; className?: string };

/** A mailto: link, or the value as text ('Aucun') when it is not an address. */
export function MailLink({ mail, className }: MailLinkProps) {
  const href = mailHref(mail);
  if (!href) return <>{displayValue(mail)}</>;
  return (
    <a className={className ? `contact-link ${className}` : 'contact-link'} href={href}>
      {mail.trim()}
    </a>
  );
}
