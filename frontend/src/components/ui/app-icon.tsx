import { Box, Image } from '@chakra-ui/react';
import { useState } from 'react';

const PALETTES = [
  ['#2563EB', '#0EA5E9'],
  ['#7C3AED', '#A855F7'],
  ['#0D9488', '#14B8A6'],
  ['#DB2777', '#F472B6'],
  ['#EA580C', '#F59E0B'],
  ['#4F46E5', '#6366F1'],
] as const;

/** A stable gradient per name so an app's placeholder looks the same everywhere. */
function paletteFor(name: string): readonly [string, string] {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTES[hash % PALETTES.length] ?? PALETTES[0];
}

interface AppIconProps {
  name: string;
  src?: string | null;
  /** Pixels; the image gets explicit width and height so the layout never shifts. */
  size?: number;
  /** Eager for the one above-the-fold icon of a detail page; lazy everywhere else. */
  loading?: 'lazy' | 'eager';
}

/** The app's icon, or a letter tile when there is none or it fails to load. */
export function AppIcon({ name, src, size = 48, loading = 'lazy' }: AppIconProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const radius = Math.round(size * 0.22);
  if (src && failedSrc !== src) {
    return (
      // asChild: Chakra reads width/height as CSS; the <img> needs them as attributes.
      <Image
        asChild
        w={`${size}px`}
        h={`${size}px`}
        flexShrink={0}
        objectFit="cover"
        borderRadius={`${radius}px`}
        borderWidth="1px"
        borderColor="border.muted"
        bg="bg.subtle"
      >
        <img
          src={src}
          alt={`${name} icon`}
          width={size}
          height={size}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      </Image>
    );
  }
  const [from, to] = paletteFor(name);
  return (
    <Box
      role="img"
      aria-label={`${name} icon`}
      w={`${size}px`}
      h={`${size}px`}
      flexShrink={0}
      borderRadius={`${radius}px`}
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="white"
      fontWeight="bold"
      fontSize={`${Math.round(size * 0.45)}px`}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Box>
  );
}
