import type { MainContact } from '@porta/contracts';

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * The main contacts with each person once. The service drops repeats by card id and e-mail, but a
 * property manager's key contact (no card id, their own e-mail) and the contact card of the same
 * person (another e-mail) both came through, so the footer named "Maria Manager" twice. A repeat
 * of a name is folded into the first entry, which keeps its details and takes the missing ones.
 */
export function uniqueMainContacts(contacts: readonly MainContact[]): MainContact[] {
  const out: MainContact[] = [];
  const byName = new Map<string, number>();
  for (const contact of contacts) {
    const key = nameKey(contact.name);
    const at = byName.get(key);
    if (at === undefined) {
      byName.set(key, out.length);
      out.push(contact);
      continue;
    }
    const first = out[at] as MainContact;
    out[at] = {
      ...first,
      id: first.id ?? contact.id,
      title: first.title ?? contact.title,
      email: first.email ?? contact.email,
      openingHours: first.openingHours ?? contact.openingHours,
      phoneNumber: first.phoneNumber ?? contact.phoneNumber,
    };
  }
  return out;
}
