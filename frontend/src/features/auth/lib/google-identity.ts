/**
 * Google Identity Services, loaded on demand so the script (and Google's cookies) only reach
 * visitors who open the sign-in page of a deployment that has a client id.
 */
const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential?: string;
}

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: CredentialResponse) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
      prompt(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google script loaded empty')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Could not load Google sign-in'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
