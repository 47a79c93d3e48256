import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadedFileStatus } from '../../domain/files.ts';
import { uploadStatusColor } from '../unit/model/uploads.ts';
import { formatMb, toggleAll, togglePath, type UnitFileRow } from './fileListing.ts';

/** The storage's files with a check box each and the status of their latest upload. */
export function FilesTable(props: { files: readonly UnitFileRow[]; statuses: ReadonlyMap<string, UploadedFileStatus>; selected: ReadonlySet<string>; onSelect: (next: Set<string>) => void }) {
  const { t } = useTranslation();
  const { files, statuses, selected, onSelect } = props;
  const paths = files.map((f) => f.path);
  const all = paths.length > 0 && paths.every((p) => selected.has(p));
  if (files.length === 0) return <Text c="dimmed">{t('fileUpload.noFiles')}</Text>;
  return (
    <Table striped highlightOnHover data-testid="files-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox aria-label={t('fileUpload.selectAll')} checked={all} indeterminate={!all && paths.some((p) => selected.has(p))} onChange={() => onSelect(toggleAll(selected, paths))} />
          </Table.Th>
          <Table.Th>{t('fileUpload.name')}</Table.Th>
          <Table.Th>{t('fileUpload.size')}</Table.Th>
          <Table.Th>{t('fileUpload.modified')}</Table.Th>
          <Table.Th>{t('fileUpload.statusTitle')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {files.map((file) => {
          const status = statuses.get(file.path);
          return (
            <Table.Tr key={file.path}>
              <Table.Td>
                <Checkbox aria-label={t('fileUpload.select', { name: file.fileName })} checked={selected.has(file.path)} onChange={() => onSelect(togglePath(selected, file.path))} />
              </Table.Td>
              <Table.Td>{file.fileName}</Table.Td>
              <Table.Td>{formatMb(file.sizeBytes)}</Table.Td>
              <Table.Td>{file.lastModified === undefined ? '—' : new Date(file.lastModified).toLocaleString()}</Table.Td>
              <Table.Td>
                {status === undefined ? (
                  <Text c="dimmed" fz="sm">
                    —
                  </Text>
                ) : (
                  <Badge color={uploadStatusColor(status)} variant="light">
                    {t(`fileUpload.status.${status}`)}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
