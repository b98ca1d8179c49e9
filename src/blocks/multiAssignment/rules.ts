import { ADULT_MIN_YEARS, FAMILY_DEPENDENT_RULE, meetsAgeRule, parseUsDate, type AgeRule, type CalendarDay } from '../../../domain/ages';
import type { AssignmentVariant } from './store';

/** The texts of the age rules (block props). */
export interface AgeTexts {
  adult18: string;
  adult21: string;
  dependentAge: string;
}

/** A card's age rule and the message shown when it fails. */
export interface CardAgeCheck {
  rule: AgeRule;
  message: string;
}

const adult = (years: number, texts: AgeTexts): CardAgeCheck => ({
  rule: { kind: 'minYears', years },
  message: years >= 21 ? texts.adult21 : texts.adult18,
});

/** A fixed card (Myself, Mother, Father, Spouse): 18 or older, or 21 when the card asks for it. */
export function fixedCardCheck(minAge: number | undefined, texts: AgeTexts): CardAgeCheck {
  return adult(minAge ?? ADULT_MIN_YEARS, texts);
}

/** A dependent: 6 to 215 months on the family screen; 18 (or the configured age) or older on family plus. */
export function dependentCheck(variant: AssignmentVariant, minAge: number | undefined, texts: AgeTexts): CardAgeCheck {
  if (variant === 'family') return { rule: FAMILY_DEPENDENT_RULE, message: texts.dependentAge };
  return adult(minAge ?? ADULT_MIN_YEARS, texts);
}

/**
 * The birthdate's message beyond the form file's own checks: `invalidDate` for a well-formed but
 * unreal date (02/30/2000), the card's age message when the rule fails, else none. A value that is
 * empty or not MM/DD/YYYY is left to the form's pattern message.
 */
export function birthdateProblem(value: unknown, check: CardAgeCheck, today: CalendarDay, invalidDate: string): string | undefined {
  if (typeof value !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(value.trim())) return undefined;
  const birth = parseUsDate(value);
  if (!birth) return invalidDate;
  return meetsAgeRule(check.rule, birth, today) ? undefined : check.message;
}

/** The `employee` flag of a fixed card: its own setting, else true for the first card on family plus. */
export function employeeFlag(variant: AssignmentVariant, index: number, setting: boolean | undefined): boolean {
  return setting ?? (variant === 'familyPlus' && index === 0);
}

/** The fields a card sends: trimmed text, optional middle name only when filled, the employee flag. */
export function cardPayload(data: Record<string, unknown>, employee: boolean): Record<string, unknown> {
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string).trim() : '');
  const payload: Record<string, unknown> = {
    first_name: text('first_name'),
    last_name: text('last_name'),
    birthdate: text('birthdate'),
    email: text('email'),
    phone_number: text('phone_number'),
    access_key: text('access_key'),
    activation_code: text('activation_code'),
    employee,
  };
  const middle = text('middle_name');
  return middle ? { first_name: payload.first_name, middle_name: middle, ...payload } : payload;
}

/** The form file's message for a birthdate that is not MM/DD/YYYY, reused for one that is not a real day. */
export function invalidDateMessage(schema: unknown): string {
  const birthdate = (schema as { properties?: { birthdate?: { errorMessage?: { pattern?: unknown } } } } | undefined)?.properties
    ?.birthdate;
  const message = birthdate?.errorMessage?.pattern;
  return typeof message === 'string' ? message : 'MM/DD/YYYY';
}
