import type { Locale } from './config';
import type esMessages from '@/messages/es-MX.json';

export type Messages = typeof esMessages;

/** Each catalog is its own chunk: the browser fetches the other language only when asked. */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  'es-MX': () => import('@/messages/es-MX.json'),
  en: () => import('@/messages/en.json'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}
