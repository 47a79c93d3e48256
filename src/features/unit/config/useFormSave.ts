/**
 * Saving a configuration form: the call, a short success toast, and on failure the server's
 * messages on the fields (fieldMap: server field → form path) or as the form's message. The form's
 * values are never reset by a failure: what the user typed stays (issue 5 item 7).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../components/toasts.ts';
import { saveFailure } from '../model/serverErrors.ts';
import { unitDetailsKey } from '../useUnitPage.ts';

interface ErrorSink {
  setErrors(errors: Record<string, string>): void;
}

export function useFormSave<Values>(unitId: string, form: ErrorSink, call: (values: Values) => Promise<unknown>, fieldMap: Readonly<Record<string, string>>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: Values) => {
      setFormError(null);
      return call(values);
    },
    onSuccess: () => {
      showSuccess(t('unitPage.toast.saved'));
      void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
    },
    onError: (error) => {
      const failure = saveFailure(error, fieldMap);
      form.setErrors(failure.fields);
      setFormError(failure.form);
    },
  });
  return { save: mutation, formError };
}
