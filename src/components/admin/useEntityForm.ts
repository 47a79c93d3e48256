/**
 * A form that edits one entity against the server (Mantine form): the area's domain validators
 * run as the user types and before sending, with the spec's messages; the save is not optimistic
 * (nothing changes on screen until the server says so); a refusal keeps every typed value and puts
 * each server message on its field (`fields` of the error answer), or above the form when it names
 * no field of this form.
 */
import { useState } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { fieldErrorsOf, messageOf } from '../../api/call.ts';
import type { FormErrors } from '../../domain/validation/check.ts';

export interface EntityFormOptions<V extends Record<string, unknown>, R> {
  readonly initialValues: V;
  /** The whole form's errors by field (domain validators); {} when every field passes. */
  readonly validate: (values: V) => FormErrors<Extract<keyof V, string>>;
  readonly save: (values: V) => Promise<R>;
  readonly onSaved: (result: R) => void;
}

export interface EntityForm<V extends Record<string, unknown>> {
  readonly form: UseFormReturnType<V>;
  readonly submitting: boolean;
  /** A refusal that names no field of this form (or a network failure). */
  readonly formError: string | null;
  /** The form's onSubmit handler. */
  readonly onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
}

export function useEntityForm<V extends Record<string, unknown>, R>(options: EntityFormOptions<V, R>): EntityForm<V> {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => options.validate(values) as Record<string, string>,
    validateInputOnChange: true,
  });
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const result = await options.save(values);
      options.onSaved(result);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const known = Object.fromEntries(Object.entries(fields).filter(([field]) => Object.hasOwn(values, field.split('.')[0] ?? field)));
      if (Object.keys(known).length > 0) form.setErrors(known);
      if (Object.keys(known).length === 0 || Object.keys(known).length < Object.keys(fields).length) setFormError(messageOf(error));
    } finally {
      setSubmitting(false);
    }
  });

  return { form, submitting, formError, onSubmit };
}
