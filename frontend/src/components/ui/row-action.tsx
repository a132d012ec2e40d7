import { Button, type ButtonProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuTrash2 } from 'react-icons/lu';

/**
 * A small ghost button in a table row: an icon and a short verb ('Delete'), named for its row
 * for screen readers ('Delete Imaging'). Colour, loading and disabled state pass through.
 */
export function RowAction({
  icon: Icon,
  verb,
  target,
  ...props
}: Omit<ButtonProps, 'children'> & { icon: IconType; verb: string; target: string }) {
  return (
    <Button size="xs" variant="ghost" aria-label={`${verb} ${target}`} {...props}>
      <Icon aria-hidden /> {verb}
    </Button>
  );
}

/** Every table's Delete: red, with a bin. */
export const DELETE_ACTION = { icon: LuTrash2, verb: 'Delete', colorPalette: 'red' } as const;
