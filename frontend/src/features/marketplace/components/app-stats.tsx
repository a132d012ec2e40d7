import { HStack, Text } from '@chakra-ui/react';
import { LuDownload, LuStar } from 'react-icons/lu';
import { formatCount } from '@/utils/format';

/** The average rating with a star, read as 'Rated 4.5 out of 5', and the review count in brackets ('(12)' or '(12 reviews)'). */
export function RatingStat({
  rating,
  reviews,
  reviewsWord,
}: {
  rating: number;
  reviews: number;
  reviewsWord?: boolean;
}) {
  return (
    <HStack gap="1" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <LuStar aria-hidden fill="#F59E0B" color="#F59E0B" />
      <Text as="span" fontWeight="medium" color="fg">
        {rating.toFixed(1)}
      </Text>
      {reviews > 0 && (
        <Text as="span">
          ({formatCount(reviews)}
          {reviewsWord && ` ${reviews === 1 ? 'review' : 'reviews'}`})
        </Text>
      )}
    </HStack>
  );
}

/** '1,234 installs' with a download icon. */
export function InstallsStat({ installs }: { installs: number }) {
  return (
    <HStack gap="1">
      <LuDownload aria-hidden />
      <Text as="span">{formatCount(installs)} installs</Text>
    </HStack>
  );
}
