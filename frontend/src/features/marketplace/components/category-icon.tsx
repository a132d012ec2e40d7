import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuBookOpen,
  LuBot,
  LuBoxes,
  LuBriefcase,
  LuCalendar,
  LuCalendarClock,
  LuCalendarDays,
  LuChartBar,
  LuChartColumn,
  LuChartLine,
  LuClipboardList,
  LuCloud,
  LuCreditCard,
  LuDatabase,
  LuFileText,
  LuFlaskConical,
  LuFolder,
  LuGlobe,
  LuGraduationCap,
  LuHeart,
  LuHeartPulse,
  LuImage,
  LuLayoutGrid,
  LuMail,
  LuMegaphone,
  LuMessageCircle,
  LuMessageSquare,
  LuMessagesSquare,
  LuMicroscope,
  LuPackage,
  LuPhone,
  LuPill,
  LuReceipt,
  LuScan,
  LuScanLine,
  LuSettings,
  LuShield,
  LuShieldCheck,
  LuSmile,
  LuSparkles,
  LuStethoscope,
  LuTag,
  LuTestTube,
  LuTrendingUp,
  LuUsers,
  LuWallet,
  LuZap,
} from 'react-icons/lu';

/**
 * Category icons by their stored Lucide name. Listed one by one (not `import * as`) so only
 * these ~50 icons reach the bundle. Unknown names fall back to a neutral grid icon.
 */
export const CATEGORY_ICONS: Readonly<Record<string, IconType>> = {
  LuUsers,
  LuCalendar,
  LuCalendarDays,
  LuCalendarClock,
  LuCreditCard,
  LuReceipt,
  LuWallet,
  LuStethoscope,
  LuHeartPulse,
  LuActivity,
  LuChartBar,
  LuChartColumn,
  LuChartLine,
  LuTrendingUp,
  LuMessageSquare,
  LuMessagesSquare,
  LuMessageCircle,
  LuMail,
  LuPhone,
  LuMegaphone,
  LuGraduationCap,
  LuBookOpen,
  LuScan,
  LuScanLine,
  LuImage,
  LuFlaskConical,
  LuTestTube,
  LuMicroscope,
  LuPill,
  LuPackage,
  LuBoxes,
  LuClipboardList,
  LuFileText,
  LuFolder,
  LuDatabase,
  LuCloud,
  LuShield,
  LuShieldCheck,
  LuSmile,
  LuHeart,
  LuSparkles,
  LuZap,
  LuBot,
  LuGlobe,
  LuBriefcase,
  LuTag,
  LuSettings,
  LuLayoutGrid,
};

export const CATEGORY_ICON_NAMES: readonly string[] = Object.keys(CATEGORY_ICONS);

export const DEFAULT_CATEGORY_ICON = 'LuLayoutGrid';

export const categoryIconFor = (name: string | null | undefined): IconType =>
  (name && CATEGORY_ICONS[name]) || LuLayoutGrid;

interface CategoryIconProps {
  name: string | null | undefined;
  size?: number | string;
  color?: string;
}

export function CategoryIcon({ name, size = '1em', color }: CategoryIconProps) {
  const Icon = categoryIconFor(name);
  return <Icon size={size} color={color} aria-hidden focusable={false} />;
}
