/**
 * Money is integer centavos everywhere, so sums and VAT are exact; pesos appear only at the edges: the API's
 * prices (numbers with two decimals) and the formatted text the visitor reads ('0,0.00').
 */
export type Centavos = number;

/** Pesos from the API (e.g. 1499.5) to integer centavos, rounding away floating-point noise. */
export function toCentavos(pesos: number | string | null | undefined): Centavos {
  const value = typeof pesos === 'string' ? Number(pesos) : (pesos ?? 0);
  if (!Number.isFinite(value)) return 0;
  return Math.round(value * 100);
}

/** Centavos to pesos for payloads that the API expects in pesos (two decimals, exact). */
export function toPesos(centavos: Centavos): number {
  return Math.round(centavos) / 100;
}

/** '0,0.00': thousands separated by commas, always two decimals. */
export function formatPesos(centavos: Centavos): string {
  // Rounded first, so that e.g. -0.4 centavos reads '0.00', not '-0.00'.
  const rounded = Number.isFinite(centavos) ? Math.round(centavos) : 0;
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}${whole}.${cents}`;
}

/** a × numerator / denominator rounded half up, in integers (VAT, per-unit amounts). */
export function mulDivRoundHalfUp(a: Centavos, numerator: number, denominator: number): Centavos {
  const product = a * numerator;
  const quotient = Math.floor(product / denominator);
  const remainder = product - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}
