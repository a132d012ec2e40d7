import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from './api-client';

/** What a mailed link's page knows of its token: still reading it, refused (with why), or what it opens. */
export type MailedLinkView<T> = { state: 'loading' } | { state: 'invalid'; text: string } | ({ state: 'ready' } & T);

/**
 * The `?token=` of a mailed link (a claim link, a licence mail's access link) and what `read`
 * answers for it: loading, then ready, or invalid with the server's detail (else `invalidText`).
 * Without a token it is invalid at once. `read` must be a stable function (module level): a new
 * one reads again. `setView` shows what a later action on the link answered.
 */
export function useMailedLink<T extends object>(read: (token: string) => Promise<T>, invalidText: string) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<MailedLinkView<T>>(
    token ? { state: 'loading' } : { state: 'invalid', text: invalidText },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    read(token)
      .then((answer) => live && setView({ state: 'ready', ...answer }))
      .catch((err: unknown) => live && setView({ state: 'invalid', text: errorText(err, invalidText) }));
    return () => {
      live = false;
    };
  }, [token, read, invalidText]);

  return { token, view, setView };
}
