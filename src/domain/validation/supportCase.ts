/** The "open support case" modal (spec 000 §2 modals, §5: "Support case: description required"). */
import type { FormErrors } from './check.ts';
import { required } from './fields.ts';

export interface SupportCaseForm {
  readonly description: string | null | undefined;
}

export type SupportCaseField = keyof SupportCaseForm;

/** "This field is required" on a missing or blank description (spec 000 §5, message 002 §5). */
export function supportCaseErrors(form: SupportCaseForm): FormErrors<SupportCaseField> {
  const description = required(form.description);
  return description === null ? {} : { description };
}
