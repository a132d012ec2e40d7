import { API_BASE, ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

export const invoicePath = (purchaseId: string) => `/api/stripe/purchases/${encodeURIComponent(purchaseId)}/invoice`;
export const invoiceFileName = (purchaseId: string) => `invoice-${purchaseId}.pdf`;

/**
 * GET /api/stripe/purchases/{id}/invoice (buyer only): a PDF. The bearer token cannot ride on a
 * plain link, so the file is fetched, then handed to the browser as a download.
 */
export async function downloadInvoice(purchaseId: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_BASE}${invoicePath(purchaseId)}`, {
    headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    let detail: string | undefined;
    try {
      const body = (await res.json()) as { detail?: unknown };
      detail = typeof body.detail === 'string' ? body.detail : undefined;
    } catch {
      detail = undefined;
    }
    throw new ApiError(res.status, detail);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(purchaseId);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
