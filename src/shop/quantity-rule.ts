import form from '../generated/form-files/cart-quantity.json';

/**
 * The cart-quantity rule and its message come from forms/cart-quantity.json (a number of 1 or
 * more, else 'This field must be greater than zero'), so an editor changes them there.
 */
const field = form.schema.properties.quantity;

export const QUANTITY_MINIMUM: number = field.minimum;
export const QUANTITY_MESSAGE: string = field.errorMessage.minimum;

/** The quantity typed (a whole number), or null when the text breaks the rule (empty, not a number, below the minimum). */
export function readQuantity(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Math.floor(Number(text));
  return Number.isFinite(value) && value >= QUANTITY_MINIMUM ? value : null;
}
