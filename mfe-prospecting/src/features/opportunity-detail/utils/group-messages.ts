import type { MessageView } from '@app/domain';

export const MESSAGE_GROUP_LABELS = {
  thisMonth: 'Ce mois-ci',
  lastMonth: 'Le mois dernier',
  older: 'Plus ancien',
} as const;

export type MessageGroupKey = keyof typeof MESSAGE_GROUP_LABELS;
export type MessageGroup = { key: MessageGroupKey; label: string; messages: MessageView[] };

const monthIndex = (date: Date) => date.getFullYear() * 12 + date.getMonth();

/**
 * The chat's groups, by calendar month in local time, oldest group first so the newest messages sit
 * next to the input; messages keep their order. A date in the future counts as this month.
 */
export function groupMessagesByMonth(messages: readonly MessageView[], now: number): MessageGroup[] {
  const current = monthIndex(new Date(now));
  const buckets: Record<MessageGroupKey, MessageView[]> = { older: [], lastMonth: [], thisMonth: [] };
  for (const message of messages) {
    const month = monthIndex(new Date(message.date));
    if (month >= current) buckets.thisMonth.push(message);
    else if (month === current - 1) buckets.lastMonth.push(message);
    else buckets.older.push(message);
  }
  return (['older', 'lastMonth', 'thisMonth'] as const)
    .filter((key) => buckets[key].length > 0)
    .map((key) => ({ key, label: MESSAGE_GROUP_LABELS[key], messages: buckets[key] }));
}
