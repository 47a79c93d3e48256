/**
 * The shape every validation rule returns, so forms (client) and route handlers (server) use the
 * same rules and show the same words.
 */

/** A check of one value: the spec's message when the value breaks the rule, null when it passes. */
export type FieldCheck<T> = (value: T) => string | null;

/** Errors of a whole form, keyed by field name; a field that passes has no key. */
export type FormErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** Runs checks in order and returns the first message (a field shows one message at a time). */
export function firstError<T>(value: T, checks: ReadonlyArray<FieldCheck<T>>): string | null {
  for (const check of checks) {
    const message = check(value);
    if (message !== null) return message;
  }
  return null;
}

/** True when a form's errors object holds no message. */
export function isValid(errors: FormErrors): boolean {
  return Object.values(errors).every((message) => message === undefined);
}
