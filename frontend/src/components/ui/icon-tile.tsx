import { Box, type BoxProps } from '@chakra-ui/react';

/** A square brand-tinted tile holding one icon, above a heading (sign-in screens, feature grids). */
export function IconTile({ children, ...rest }: BoxProps) {
  return (
    <Box
      boxSize="10"
      rounded="lg"
      bg="brand.subtle"
      color="brand.fg"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="xl"
      {...rest}
    >
      {children}
    </Box>
  );
}
