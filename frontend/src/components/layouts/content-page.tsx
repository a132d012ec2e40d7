import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../ui/use-document-title';

/** A readable single-column page (terms, privacy, support, docs) inside the marketplace layout. */
export function ContentPage({
  eyebrow,
  title,
  lead,
  children,
  maxW = '4xl',
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  maxW?: string;
}) {
  useDocumentTitle(title);
  return (
    <>
      <Box bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW={maxW} py={{ base: '10', md: '14' }}>
          {eyebrow && (
            <Text color="brand.fg" fontWeight="semibold" fontSize="sm" mb="2">
              {eyebrow}
            </Text>
          )}
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} letterSpacing="tight" color="gray.900">
            {title}
          </Heading>
          {lead && (
            <Text mt="3" fontSize={{ base: 'md', md: 'lg' }} color="gray.600">
              {lead}
            </Text>
          )}
        </Container>
      </Box>
      <Container maxW={maxW} py={{ base: '8', md: '12' }}>
        {children}
      </Container>
    </>
  );
}

/** A numbered or titled section of a legal/prose page. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" mb="8">
      <Heading as="h2" size="lg" color="gray.900">
        {title}
      </Heading>
      <Stack gap="3" color="gray.700" lineHeight="tall">
        {children}
      </Stack>
    </Stack>
  );
}
