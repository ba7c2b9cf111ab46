/** Terms and conditions (docs/product.md), every section as text with a table of contents. */
import { pageText } from '../../content/pages';
import { terms, termsUpdated } from '../../content/terms';
import { usePageMeta } from '../components/PageMeta';
import { Hero } from '../marketing/Hero';

export default function TermsPage() {
  usePageMeta(pageText.terms.title, pageText.terms.description);
  return (
    <>
      <Hero title="Terms and Conditions">
        <p className="lead">Last updated {termsUpdated}.</p>
      </Hero>
      <div className="band">
        <div className="band-inner prose">
          <nav aria-label="Sections">
            <ol className="toc">
              {terms.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
                </li>
              ))}
            </ol>
          </nav>
          {terms.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
