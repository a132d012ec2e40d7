import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuCode } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The call to action for vendors: list an app on the marketplace through the Developer Portal. */
export function DeveloperCta() {
  return (
    <Box
      as="section"
      aria-labelledby="developer-cta-title"
      borderRadius="2xl"
      p={{ base: '6', md: '10' }}
      color="white"
      bgGradient="to-r"
      gradientFrom="gray.900"
      gradientTo="brand.800"
    >
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }} gap="6">
        <HStack gap="4" align="flex-start">
          <Box p="3" borderRadius="xl" bg="whiteAlpha.200" flexShrink={0}>
            <LuCode size={28} aria-hidden />
          </Box>
          <Box>
            <Heading id="developer-cta-title" size="lg">
              Build for dental practices
            </Heading>
            <Text color="whiteAlpha.800" mt="1" maxW="xl">
              Reach practices looking for software like yours: get API keys, test in staging and list your app on the
              marketplace.
            </Text>
          </Box>
        </HStack>
        <Button asChild size="lg" bg="white" color="gray.900" _hover={{ bg: 'gray.100' }}>
          <RouterLink to={paths.portal}>
            Developer Portal <LuArrowRight aria-hidden />
          </RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
