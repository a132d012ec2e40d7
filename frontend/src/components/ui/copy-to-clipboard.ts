import { notifyError, notifySuccess } from './toaster';

/** Copies `text` and says so in a toast; when the browser refuses, asks to copy by hand. */
export async function copyToClipboard(text: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(copied);
  } catch {
    notifyError(failed);
  }
}
