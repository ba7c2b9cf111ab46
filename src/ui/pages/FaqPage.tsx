/**
 * The FAQ (docs/product.md): its questions (ten, and prices, payment, refunds and damage), one
 * open at a time (faqMachine), plus and minus icons.
 * The Radix accordion renders it accessibly; the machine decides what is open.
 */
import * as Accordion from '@radix-ui/react-accordion';
import { useMachine } from '@xstate/react';
import { Link } from '../components/Link';
import { faq } from '../../content/faq';
import { pageText } from '../../content/pages';
import { faqMachine } from '../../machines/faqMachine';
import { inspect } from '../inspector';
import { usePageMeta } from '../components/PageMeta';
import { Hero } from '../marketing/Hero';

export default function FaqPage() {
  usePageMeta(pageText.faq.title, pageText.faq.description);
  const [snapshot, send] = useMachine(faqMachine, { inspect });
  const { openItem } = snapshot.context;
  return (
    <>
      <Hero title="Frequently Asked Questions">
        <p className="lead">
          Can&apos;t find your answer? <Link to="/contact-us">Contact us</Link>, we answer 24/7.
        </p>
      </Hero>
      <div className="band">
        <div className="band-inner narrow-inner">
          <Accordion.Root
            type="single"
            collapsible
            className="faq"
            value={openItem ?? ''}
            // Radix says '' when the open item is closed: that is a toggle of the open item.
            onValueChange={(value) => send({ type: 'item.toggle', id: value || (openItem ?? '') })}
          >
            {faq.map((item) => (
              <Accordion.Item key={item.id} value={item.id} className="faq-item">
                <Accordion.Header asChild>
                  <h2 className="faq-question">
                    <Accordion.Trigger className="faq-trigger">
                      {item.question}
                      <svg
                        className="faq-icon"
                        viewBox="0 0 24 24"
                        width="24"
                        height="24"
                        aria-hidden="true"
                      >
                        <path className="faq-icon-bar" d="M5 12h14" />
                        <path className="faq-icon-plus" d="M12 5v14" />
                      </svg>
                    </Accordion.Trigger>
                  </h2>
                </Accordion.Header>
                <Accordion.Content className="faq-answer">
                  <p>{item.answer}</p>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </div>
      </div>
    </>
  );
}
