import { Badge } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleAlert, LuCircleCheck, LuCircleDashed, LuCircleX, LuLoaderCircle } from 'react-icons/lu';
import type { HealthState, RunStatus } from '../types';
import { HEALTH_STATE, RUN_STATUS } from '../utils/sync-display';

const RUN_ICON = {
  queued: <LuCircleDashed aria-hidden />,
  running: <LuLoaderCircle aria-hidden />,
  succeeded: <LuCircleCheck aria-hidden />,
  failed: <LuCircleX aria-hidden />,
};
const HEALTH_ICON = {
  healthy: <LuCircleCheck aria-hidden />,
  degraded: <LuCircleAlert aria-hidden />,
  unhealthy: <LuCircleX aria-hidden />,
};

interface Tone {
  label: string;
  palette: string;
}

/**
 * The badge of one kind of status: an icon and a word, the colour only repeating them. A status
 * without an entry in `tones` shows as itself in `unknownPalette`.
 */
function ToneBadge<S extends string>({
  status,
  tones,
  icons,
  unknownPalette,
}: {
  status: S;
  tones: Partial<Record<S, Tone>>;
  icons: Partial<Record<S, ReactNode>>;
  unknownPalette: string;
}) {
  const tone = tones[status] ?? { label: status, palette: unknownPalette };
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-status={status}>
      {icons[status]} {tone.label}
    </Badge>
  );
}

/** A run's status (queued, running, succeeded, failed). */
export const RunStatusBadge = ({ status }: { status: RunStatus }) => (
  <ToneBadge status={status} tones={RUN_STATUS} icons={RUN_ICON} unknownPalette="gray" />
);

/** A component's or the system's health. */
export const HealthBadge = ({ status }: { status: HealthState }) => (
  <ToneBadge status={status} tones={HEALTH_STATE} icons={HEALTH_ICON} unknownPalette="yellow" />
);
