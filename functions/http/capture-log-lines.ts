import { vi } from 'vitest';

/**
 * Tests of what reaches the log: collects every line written to stdout and stderr into `lines`
 * (emptied first) until vi.restoreAllMocks(). Call it in a beforeEach.
 */
export function captureLogLines(lines: string[]): void {
  lines.length = 0;
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
}
