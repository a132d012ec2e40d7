/**
 * Setup file of the e2e project: after a failed test, prints what its open pages went through
 * (page-journal.ts) while they are still open, so a CI log shows the failed answer or the screen
 * the test waited on.
 */
import { afterEach } from 'vitest';
import { describeOpenPages } from './page-journal';

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const report = await describeOpenPages();
  if (report) console.error(`Open pages when "${ctx.task.name}" failed:\n${report}`);
});
