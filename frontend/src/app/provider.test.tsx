import { act, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from './provider';

const KEY = '/api/categories';

/**
 * Two animation frames later: SWR starts the revalidation of a mounted key that already has data
 * on the next frame (its rAF), so by then it has called the fetcher if it was going to.
 */
const framesLater = () =>
  act(async () => {
    for (let i = 0; i < 2; i++) await new Promise<void>((r) => requestAnimationFrame(() => r()));
  });

/** Each test with a cache of its own. */
const ownCache = {
  wrapper: ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
  ),
};

function Reader({ fetch }: { fetch: (key: string) => Promise<string> }) {
  const { data } = useSWR(KEY, fetch);
  return <p>{data ?? 'loading'}</p>;
}

/** Shows the reader, and mounts it anew when "again" is clicked (as when a visitor comes back). */
function Page({ fetch }: { fetch: (key: string) => Promise<string> }) {
  const [round, setRound] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRound((r) => r + 1)}>
        again
      </button>
      <Reader key={round} fetch={fetch} />
    </>
  );
}

describe('AppProvider with the data a server-rendered page came with', () => {
  it('does not fetch it again on the first mount, and revalidates it on a later one', async () => {
    const fetch = vi.fn(async () => 'fresh answer');
    render(
      <AppProvider fallback={{ [KEY]: 'server answer' }}>
        <Page fetch={fetch} />
      </AppProvider>,
      ownCache,
    );
    expect(screen.getByText('server answer')).toBeTruthy();
    // The frame where a revalidation would start has passed: none did.
    await framesLater();
    expect(fetch).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'again' }).click();
    expect(await screen.findByText('fresh answer')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches what the server did not render with', async () => {
    const fetch = vi.fn(async () => 'fetched');
    render(
      <AppProvider fallback={{ '/api/marketplace/apps': [] }}>
        <Reader fetch={fetch} />
      </AppProvider>,
      ownCache,
    );
    await waitFor(() => expect(screen.getByText('fetched')).toBeTruthy());
  });
});
