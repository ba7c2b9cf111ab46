/**
 * /contact-us. The original shows only the word Contact; a visitor looking for us deserves
 * every channel, so this page lists them all.
 */
import { Link } from '../components/Link';
import { company, emailLink, phoneLink, socialLinks, whatsappLink } from '../../content/company';
import { pageText } from '../../content/pages';
import { usePageMeta } from '../components/PageMeta';
import { Hero } from '../marketing/Hero';

export default function ContactPage() {
  usePageMeta(pageText.contact.title, pageText.contact.description);
  return (
    <>
      <Hero title="Contact">
        <p className="lead">Our customer care team answers 24/7. Choose whatever suits you best.</p>
      </Hero>
      <div className="band">
        <div className="band-inner">
          <ul className="cards contact-cards">
            <li className="card">
              <h2>Call us</h2>
              <p>Talk to us about a move, a delivery or a booking.</p>
              <a href={phoneLink}>{company.phoneDisplay}</a>
            </li>
            <li className="card">
              <h2>WhatsApp</h2>
              <p>Send us a message and a photo of what you want to move.</p>
              <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
                Chat on WhatsApp
              </a>
            </li>
            <li className="card">
              <h2>Email</h2>
              <p>For quotes, invoices and anything that needs a paper trail.</p>
              <a href={emailLink}>{company.email}</a>
            </li>
            <li className="card">
              <h2>Visit us</h2>
              <address>{company.address}</address>
              <p>
                {company.name} is registered with the Corporate Affairs Commission,{' '}
                {company.registration}.
              </p>
            </li>
          </ul>
          <h2>Elsewhere</h2>
          <ul className="inline-list">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <p>
            Looking for a quick answer? Read our <Link to="/faq">frequently asked questions</Link>,
            or <Link to="/track">track a shipment</Link>.
          </p>
        </div>
      </div>
    </>
  );
}
