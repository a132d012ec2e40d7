import { Badge } from '@chakra-ui/react';
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

/** A run's status as an icon and a word; the colour only repeats it. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const tone = RUN_STATUS[status] ?? { label: status, palette: 'gray' };
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-status={status}>
      {RUN_ICON[status]} {tone.label}
    </Badge>
  );
}

/** A component's or the system's health as an icon and a word. */
export function HealthBadge({ status }: { status: HealthState }) {
  const tone = HEALTH_STATE[status] ?? { label: status, palette: 'yellow' };
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-status={status}>
      {HEALTH_ICON[status]} {tone.label}
    </Badge>
  );
}
