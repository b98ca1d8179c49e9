import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';

/** An age in plain words: minutes under two hours, hours under two days, then days. */
export function age(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 120) return fillPlaceholders(TEXTS.desk.minutes, { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return fillPlaceholders(TEXTS.desk.hours, { n: hours });
  return fillPlaceholders(TEXTS.desk.days, { n: Math.floor(hours / 24) });
}

export const statusText = (status: string): string => (TEXTS.desk.statuses as Record<string, string>)[status] ?? status;

export const dateTime = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An amount in integer centavos, in its currency. */
export const money = (centavos: number, currency: string): string =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(centavos / 100);

/** A form's name in words: the studio's own for its key, else the title the API gives. */
export const formName = (form: { key: string; title: string }): string =>
  (TEXTS.desk.formNames as Record<string, string>)[form.key] ?? form.title;

export const orderStatusText = (status: string): string => (TEXTS.orders.statuses as Record<string, string>)[status] ?? status;

/** A moment to the second: the audit trail's rows. */
export const dateTimeSeconds = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
