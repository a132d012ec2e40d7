import { useEffect } from 'react';
import { SITE } from '../brand/site';

/** Sets the browser tab title to "<title> · Dental Developer Ecosystem" while the screen is shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${SITE.ecosystemTitle}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
