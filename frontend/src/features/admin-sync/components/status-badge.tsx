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

/** A status as an icon and a word; the colour only repeats it. */
function IconBadge({
  status,
  tone,
  icon,
}: {
  status: string;
  tone: { label: string; palette: string };
  icon: ReactNode;
}) {
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-status={status}>
      {icon} {tone.label}
    </Badge>
  );
}

/** A run's status (queued, running, succeeded, failed). */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <IconBadge
      status={status}
      tone={RUN_STATUS[status] ?? { label: status, palette: 'gray' }}
      icon={RUN_ICON[status]}
    />
  );
}

/** A component's or the system's health. */
export function HealthBadge({ status }: { status: HealthState }) {
  return (
    <IconBadge
      status={status}
      tone={HEALTH_STATE[status] ?? { label: status, palette: 'yellow' }}
      icon={HEALTH_ICON[status]}
    />
  );
}
