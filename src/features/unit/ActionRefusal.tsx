/**
 * The server's message of a refused or failed unit action (or the network failure), shown where
 * the user acted (issue 17 item 4). Nothing while there is no error.
 */
import { Text } from '@mantine/core';
import { errorMessageOf } from '../../components/toasts.ts';

export function ActionRefusal({ error, testId = 'action-refusal' }: { readonly error: unknown; readonly testId?: string }) {
  if (error === null || error === undefined) return null;
  return (
    <Text c="red" fz="sm" role="alert" data-testid={testId}>
      {errorMessageOf(error)}
    </Text>
  );
}
