import { formatPesos, type Centavos } from '../../domain/money';

/** The peso sign of every amount the shop shows. */
const PESO_SIGN = '₱';

/** An amount as the visitor reads it: '₱1,499.00' (pesos, format 0,0.00). */
export function pesoText(centavos: Centavos): string {
  return `${PESO_SIGN}${formatPesos(centavos)}`;
}
