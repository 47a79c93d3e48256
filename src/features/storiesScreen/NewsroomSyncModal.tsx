/**
 * Story settings (newsroom sync, spec 000 §2 "story settings (newsroom sync)"; spec 001 §7
 * ingestaccount): the inventory's ingest account (address, username, polling interval, password
 * set apart and never shown), the XSLT mapping upload (XSLT only, checked on the server) and a test
 * over sample content that lists the stories the mapping yields, each with the errors a typed story
 * would get.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Divider, FileInput, Group, Loader, Modal, NumberInput, PasswordInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, fieldErrorsOf } from '../../api/call.ts';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { ingestAccountErrors, ingestPasswordError, POLL_INTERVAL_S, storyMappingFileError, type IngestAccountForm } from '../../domain/newsroomSync.ts';
import * as api from '../../protocol/rest/newsroomSync.ts';
import type { IngestAccount } from '../../protocol/rest/newsroomSync.ts';

const key = (inventoryId: string) => ['newsroomSync', inventoryId] as const;

function AccountForm({ account, inventoryId }: { account: IngestAccount; inventoryId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<IngestAccountForm>({
    initialValues: { serverUrl: account.serverUrl, username: account.username, pollIntervalS: account.pollIntervalS },
    validate: (values) => ingestAccountErrors(values),
  });
  const save = useMutation({
    mutationFn: (values: IngestAccountForm) => call(api.putIngestAccount, { params: { id: inventoryId }, body: { serverUrl: values.serverUrl, username: values.username, pollIntervalS: values.pollIntervalS ?? '' } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(inventoryId), answer);
      showSuccess(t('newsroomSync.saved'));
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="xs">
        <TextInput label={t('newsroomSync.serverUrl')} placeholder="https://newsroom.example/api" {...form.getInputProps('serverUrl')} />
        <Group grow>
          <TextInput label={t('newsroomSync.username')} {...form.getInputProps('username')} />
          <NumberInput label={t('newsroomSync.pollInterval')} min={POLL_INTERVAL_S.min} max={POLL_INTERVAL_S.max} {...form.getInputProps('pollIntervalS')} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('newsroomSync.saveAccount')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm({ inventoryId, account }: { inventoryId: string; account: IngestAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => call(api.setIngestPassword, { params: { id: inventoryId }, body: { password } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(inventoryId), answer);
      setPassword('');
      showSuccess(t('newsroomSync.passwordSaved'));
    },
    onError: (e) => setError(fieldErrorsOf(e)['password'] ?? errorMessageOf(e)),
  });
  return (
    <Group align="flex-end" gap="xs">
      <PasswordInput
        style={{ flex: 1 }}
        label={t('newsroomSync.password')}
        description={account.hasPassword ? t('newsroomSync.passwordSet') : t('newsroomSync.passwordNone')}
        value={password}
        onChange={(e) => {
          setPassword(e.currentTarget.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <Button variant="light" loading={save.isPending} onClick={() => (ingestPasswordError(password) === null ? save.mutate() : setError(ingestPasswordError(password)))}>
        {t('newsroomSync.setPassword')}
      </Button>
    </Group>
  );
}

function MappingUpload({ inventoryId, account }: { inventoryId: string; account: IngestAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => call(api.uploadXsltMapping, { params: { id: inventoryId }, query: { fileName: file.name }, bytes: file }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key(inventoryId), answer);
      showSuccess(t('newsroomSync.uploaded'));
    },
    onError: (e) => setError(fieldErrorsOf(e)['file'] ?? errorMessageOf(e)),
  });
  return (
    <Stack gap={4}>
      <FileInput
        label={t('newsroomSync.mapping')}
        description={account.xsltFileName === null ? t('newsroomSync.noMapping') : t('newsroomSync.currentMapping', { name: account.xsltFileName })}
        placeholder={t('newsroomSync.pickFile')}
        accept=".xslt,.xsl"
        error={error ?? undefined}
        onChange={(file) => {
          setError(null);
          if (file === null) return;
          const refusal = storyMappingFileError(file.name);
          if (refusal !== null) setError(refusal);
          else upload.mutate(file);
        }}
      />
      {upload.isPending && <Loader size="xs" />}
    </Stack>
  );
}

function MappingTest({ inventoryId }: { inventoryId: string }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const run = useMutation({ mutationFn: () => call(api.testXsltMapping, { params: { id: inventoryId }, body: { content } }), onError: () => undefined });
  return (
    <Stack gap="xs">
      <Textarea label={t('newsroomSync.sample')} autosize minRows={3} maxRows={8} value={content} onChange={(e) => setContent(e.currentTarget.value)} placeholder="<rundown>…</rundown>" />
      <Group justify="flex-end">
        <Button variant="light" onClick={() => run.mutate()} loading={run.isPending} disabled={content.trim() === ''}>
          {t('newsroomSync.test')}
        </Button>
      </Group>
      {run.isError && <Alert color="red">{errorMessageOf(run.error)}</Alert>}
      {run.data !== undefined && (
        <Table data-testid="mapping-test-result" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stories.fields.slugline')}</Table.Th>
              <Table.Th>{t('stories.fields.reporter')}</Table.Th>
              <Table.Th>{t('newsroomSync.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.data.stories.map((s, i) => (
              <Table.Tr key={i}>
                <Table.Td>{s.story.slugline}</Table.Td>
                <Table.Td>{s.story.reporter}</Table.Td>
                <Table.Td>
                  {Object.keys(s.errors).length === 0 ? (
                    <Badge color="teal">{t('newsroomSync.ok')}</Badge>
                  ) : (
                    Object.entries(s.errors).map(([field, message]) => (
                      <Text key={field} c="red" fz="xs">
                        {t(`stories.fields.${field}`)}: {message}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {run.data !== undefined && run.data.stories.length === 0 && <Text c="dimmed">{t('newsroomSync.noStories')}</Text>}
    </Stack>
  );
}

export function NewsroomSyncModal({ inventoryId, onClose }: { inventoryId: string; onClose(): void }) {
  const { t } = useTranslation();
  const account = useQuery({ queryKey: key(inventoryId), queryFn: () => call(api.getIngestAccount, { params: { id: inventoryId } }) });
  return (
    <Modal opened onClose={onClose} title={t('newsroomSync.title')} size="lg">
      {account.isPending && <Loader size="sm" />}
      {account.isError && <Alert color="red">{errorMessageOf(account.error)}</Alert>}
      {account.data !== undefined && (
        <Stack gap="sm">
          <AccountForm account={account.data} inventoryId={inventoryId} />
          {account.data.configured ? (
            <>
              <PasswordForm account={account.data} inventoryId={inventoryId} />
              <Divider label={t('newsroomSync.mappingSection')} />
              <MappingUpload account={account.data} inventoryId={inventoryId} />
              {account.data.xsltFileName !== null && <MappingTest inventoryId={inventoryId} />}
            </>
          ) : (
            <Text c="dimmed" fz="sm">
              {t('newsroomSync.saveFirst')}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
