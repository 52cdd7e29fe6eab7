import { LEAD_HOOKS_FIELD, LEAD_MAIL_FIELD } from '@/lib/collections';

/** The fields a visitor wrote on a contact: the run's daemon, as production's, adds its marks. */
export const visitorFields = (data: Record<string, unknown>): string[] =>
  Object.keys(data)
    .filter((key) => key !== LEAD_MAIL_FIELD && key !== LEAD_HOOKS_FIELD)
    .sort();
