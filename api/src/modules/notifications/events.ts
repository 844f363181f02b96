// What the producers tell the notifications component, one line each, and the French text and link
// each event becomes. docs/decisions/notifications.md.
import type { NotificationKind } from '@app/domain';
import { newId } from '../../db/ids';

type Recipient = { organisationId: string; userId: string };

export type NotificationEvent = Recipient &
  (
    | { kind: 'followUpDue'; opportunityId: string; prospectName: string; waitingDate: number }
    | { kind: 'renewalDue'; opportunityId: string; prospectId: string; renewalAt: number }
    | {
        kind: 'handedOver';
        /** Handed by a manager ("Assigner un collaborateur"), or taken over from a member who left. */
        reason: 'assigned' | 'memberLeft';
        opportunities: readonly { _id: string; prospectId: string }[];
        byUserId: string;
      }
    | { kind: 'importFinished'; excelId: string; name: string; count: number }
    | { kind: 'importFailed'; importId: string; name: string }
    | { kind: 'enrichmentDone'; excelId: string; name: string; failed: boolean }
    | { kind: 'invitationAccepted'; invitationId: string; memberUserId: string }
  );

/** Never rejects: a notification that cannot be written is logged, the producer's work goes on. */
export type Notify = (event: NotificationEvent) => Promise<void>;

/** The names an event's text needs, looked up through the ports of the notifications component. */
export type Names = {
  prospect: (organisationId: string, prospectId: string) => Promise<string>;
  user: (userId: string) => Promise<string>;
};

export type Written = { kind: NotificationKind; text: string; link: string; key: string };

const UNNAMED = 'Sans nom';
const named = (name: string) => name.trim() || UNNAMED;
const opportunityLink = (id: string, type: string) =>
  `/dashboard/opportunity/${encodeURIComponent(id)}?type=${type}`;
const fileLink = (excelId: string) => `/dashboard/prospect/show/${encodeURIComponent(excelId)}`;

/** The text, link and once-only key of an event (the key is scoped to its recipient). */
export async function write(event: NotificationEvent, names: Names): Promise<Written> {
  const scope = `${event.organisationId}:${event.userId}`;
  switch (event.kind) {
    case 'followUpDue':
      return {
        kind: event.kind,
        text: `Relance à faire : ${named(event.prospectName)}`,
        // A follow-up whose date has come counts as "A faire" (DESIGN §5).
        link: opportunityLink(event.opportunityId, 'todo'),
        key: `${scope}:followUpDue:${event.opportunityId}:${event.waitingDate}`,
      };
    case 'renewalDue': {
      const name = await names.prospect(event.organisationId, event.prospectId);
      return {
        kind: event.kind,
        text: `Renouvellement à préparer : ${named(name)} revient en « A faire »`,
        link: opportunityLink(event.opportunityId, 'todo'),
        key: `${scope}:renewalDue:${event.opportunityId}:${event.renewalAt}`,
      };
    }
    case 'handedOver': {
      const by = named(await names.user(event.byUserId));
      const [only] = event.opportunities;
      const key = `${scope}:handedOver:${newId()}`;
      if (event.opportunities.length === 1 && only !== undefined) {
        const name = named(await names.prospect(event.organisationId, only.prospectId));
        return {
          kind: event.kind,
          text:
            event.reason === 'assigned'
              ? `${by} vous a confié l’opportunité ${name}`
              : `Vous reprenez l’opportunité ${name} de ${by}`,
          link: opportunityLink(only._id, 'all'),
          key,
        };
      }
      const count = event.opportunities.length;
      return {
        kind: event.kind,
        text:
          event.reason === 'assigned'
            ? `${by} vous a confié ${count} opportunités`
            : `Vous reprenez les ${count} opportunités de ${by}`,
        link: '/dashboard/opportunity/list/all',
        key,
      };
    }
    case 'importFinished':
      return {
        kind: event.kind,
        text: `Import terminé : « ${named(event.name)} » (${event.count} ${event.count > 1 ? 'prospects' : 'prospect'})`,
        link: fileLink(event.excelId),
        key: `${scope}:importFinished:${event.excelId}`,
      };
    case 'importFailed':
      return {
        kind: event.kind,
        text: `Échec de l’import « ${named(event.name)} » : aucun prospect n’a été enregistré`,
        link: '/dashboard/prospect/list',
        key: `${scope}:importFailed:${event.importId}`,
      };
    case 'enrichmentDone':
      return {
        kind: event.kind,
        text: event.failed
          ? `Enrichissement interrompu : « ${named(event.name)} » (registre des entreprises indisponible)`
          : `Enrichissement terminé : « ${named(event.name)} »`,
        link: fileLink(event.excelId),
        key: `${scope}:enrichmentDone:${event.excelId}`,
      };
    case 'invitationAccepted': {
      const member = named(await names.user(event.memberUserId));
      return {
        kind: event.kind,
        text: `${member} a accepté votre invitation`,
        link: '/dashboard/prospect/settings',
        key: `${scope}:invitationAccepted:${event.invitationId}`,
      };
    }
  }
}
