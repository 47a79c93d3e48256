/**
 * The header's bell (issue 17 item 1): how many incidents of warning severity or above the user
 * has not seen (the server counts, "99+" above BELL_COUNT_CAP), a link to the incident centre,
 * and the toasts of the user's own thresholds that asked for one. It asks the server every
 * BELL_POLL_MS; opening the incident centre marks everything up to the newest as seen.
 *
 * Threshold toasts go through the same pacing and mute as the transition toasts (at most 5 per
 * 3 s, muted on the multiview wall and in full screen): the user asked for them, but a wall is
 * never covered.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BELL_COUNT_CAP } from '../../domain/incidents.ts';
import { BellIcon } from '../../components/icons.tsx';
import { paceToasts } from '../fleet/transitionToasts.ts';
import { useTransitionMute } from '../fleet/transitionMute.ts';
import { BELL_POLL_MS, fetchNews, incidentKeys } from './queries.ts';

/** The bell's text of a count: "99+" above the cap. */
export function bellCountText(unseen: number): string {
  return unseen > BELL_COUNT_CAP ? `${BELL_COUNT_CAP}+` : String(unseen);
}

export function IncidentBell() {
  const { t } = useTranslation();
  const mute = useTransitionMute();
  /** The newest incident id already considered for toasts (undefined until the first answer). */
  const after = useRef<number | undefined>(undefined);
  const shownAt = useRef<readonly number[]>([]);
  const news = useQuery({
    queryKey: incidentKeys.news,
    queryFn: ({ signal }) => fetchNews(after.current, signal),
    refetchInterval: BELL_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const data = news.data;

  useEffect(() => {
    if (data === undefined) return;
    const first = after.current === undefined;
    after.current = Math.max(after.current ?? 0, data.latestId);
    // What was there before the console opened is not news: the first answer only sets the mark.
    if (first || data.toasts.length === 0) return;
    if (!mute.admit(data.toasts.length, globalThis.document?.fullscreenElement != null)) return;
    const paced = paceToasts(data.toasts, shownAt.current, Date.now());
    shownAt.current = paced.shownAt;
    for (const incident of paced.show) {
      notifications.show({ title: incident.unitName || incident.unitId, message: incident.message, color: incident.severity === 'critical' ? 'red' : 'orange' });
    }
    if (paced.summary) notifications.show({ message: t('fleet.transitions.more', { count: paced.dropped }), color: 'gray' });
  }, [data, mute, t]);

  const unseen = data?.unseen ?? 0;
  const label = t('incidents.bell.label', { count: unseen });
  return (
    <Tooltip label={label} withinPortal>
      <Indicator label={bellCountText(unseen)} size={16} disabled={unseen === 0} color="red" offset={4}>
        <ActionIcon component={Link} to="/incidents" variant="subtle" color="gray" size="lg" aria-label={label} data-testid="incident-bell">
          <BellIcon />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
