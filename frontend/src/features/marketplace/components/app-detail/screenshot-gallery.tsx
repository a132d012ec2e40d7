import { Box, Heading, Image, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { safeUrl } from '@/utils/format';

/**
 * The Screenshots section: thumbnails that each open the full image in a new tab. One that fails
 * to load is left out, and the section disappears when none is left.
 */
export function ScreenshotGallery({ name, screenshots }: { name: string; screenshots: readonly string[] }) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const urls = screenshots
    .map(safeUrl)
    .filter((url): url is string => Boolean(url))
    .filter((url) => !broken.has(url));
  if (urls.length === 0) return null;
  return (
    <Box as="section" aria-label="Screenshots">
      <Heading as="h2" size="lg" mb="4">
        Screenshots
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {urls.map((url, i) => (
          <a
            key={url}
            href={url}
            target="_blank"
            rel="noopener"
            aria-label={`Open screenshot ${i + 1} of ${name} in a new tab`}
          >
            <Image
              asChild
              w="full"
              h="auto"
              aspectRatio={16 / 10}
              objectFit="cover"
              borderRadius="lg"
              borderWidth="1px"
              borderColor="border.muted"
              bg="bg.subtle"
              transition="transform 0.15s ease, box-shadow 0.15s ease"
              _hover={{ transform: 'scale(1.01)', shadow: 'md' }}
            >
              <img
                src={url}
                alt={`${name} screenshot ${i + 1}`}
                width={640}
                height={400}
                loading="lazy"
                decoding="async"
                onError={() => setBroken((prev) => new Set(prev).add(url))}
              />
            </Image>
          </a>
        ))}
      </SimpleGrid>
    </Box>
  );
}
