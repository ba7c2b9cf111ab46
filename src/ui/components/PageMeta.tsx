/** Each page's own title and description, for search engines, link previews and screen readers. */
import { useEffect } from 'react';
import { company } from '../../content/company';

/** "Title | Company", or the company name alone; the prerender script writes the same into the HTML. */
export const documentTitle = (title: string) =>
  title === company.name ? title : `${title} | ${company.name}`;

export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
