import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenWanted } from './when-wanted';

const page = () =>
  render(
    <main>
      <h1>App</h1>
      <WhenWanted>
        <section aria-label="Reviews">Five stars</section>
      </WhenWanted>
    </main>,
  );

describe('WhenWanted', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('leaves the section out until the visitor scrolls, then renders it', async () => {
    page();
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    fireEvent.scroll(window);
    expect(await screen.findByRole('region', { name: 'Reviews' })).toBeTruthy();
  });

  it('renders it on the first key press or touch too', async () => {
    page();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: 'Reviews' })).toBeTruthy();
  });

  it('renders it when its place comes near the screen', async () => {
    let report: IntersectionObserverCallback = () => undefined;
    const options: (IntersectionObserverInit | undefined)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
          report = callback;
          options.push(init);
        }
        observe() {}
        disconnect() {}
      },
    );
    page();
    expect(options[0]?.rootMargin).toMatch(/px/);
    act(() => report([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    act(() => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('region', { name: 'Reviews' })).toBeTruthy();
  });

  it('renders it a few seconds after load for a visitor who neither scrolls nor touches the page', () => {
    vi.useFakeTimers();
    page();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole('region', { name: 'Reviews' })).not.toBeNull();
  });
});
