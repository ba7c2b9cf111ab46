/** Each page's own title and description, for search engines, link previews and screen readers. */
import { useEffect } from 'react';
import { company } from '../../content/company';

export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === company.name ? title : `${title} | ${company.name}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
