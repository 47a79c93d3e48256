import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOADS_KEPT_PER_UNIT } from '../../../domain/files.ts';
import { fetchFiles } from '../api/unitCalls.ts';
import { decodeUploads, uploadStatusColor } from '../model/uploads.ts';
import { Card } from './UnitFacts.tsx';

/** The unit's uploaded files: the last 10 with their status (spec 000 §3, §9). */
export function UploadsCard({ unitId, rev }: { unitId: string; rev: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['session', 'unit', unitId, 'uploads', Math.floor(rev / 5)],
    queryFn: ({ signal }) => fetchFiles(unitId, '/', signal),
    placeholderData: (previous) => previous,
  });
  const uploads = decodeUploads(query.data).slice(-UPLOADS_KEPT_PER_UNIT).reverse();
  return (
    <Card title={t('unitPage.uploads.title', { count: UPLOADS_KEPT_PER_UNIT })}>
      {uploads.length === 0 ? (
        <Text c="dimmed">{t('unitPage.uploads.none')}</Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} data-testid="uploads">
          <Table.Tbody>
            {uploads.map((upload, index) => (
              <Table.Tr key={`${upload.path}-${index}`}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{upload.path}</Table.Td>
                <Table.Td>
                  <Badge color={uploadStatusColor(upload.status)} variant="light">
                    {t(`fileUpload.status.${upload.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
