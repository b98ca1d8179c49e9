/** A tel: link for a phone number as editors write it ('0917 555 0123', '(02) 8555 0100'): digits and '+' only. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
