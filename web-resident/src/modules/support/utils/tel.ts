/** A tel: address of a phone number as people write it ('+358 40 123 4567' → 'tel:+358401234567'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
