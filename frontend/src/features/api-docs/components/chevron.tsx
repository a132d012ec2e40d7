import { Box } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';

/** A disclosure chevron: down when open, right when closed (one icon, rotated). */
export function Chevron({ open }: { open: boolean }) {
  return (
    <Box as="span" display="inline-flex" transition="transform 0.15s" transform={open ? undefined : 'rotate(-90deg)'}>
      <LuChevronDown aria-hidden />
    </Box>
  );
}
