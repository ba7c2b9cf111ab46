/**
 * The shared footer (docs/product.md): email, phone and WhatsApp, service links, social links,
 * the newsletter form, and links to the terms and the FAQ.
 */
import { Link } from '../components/Link';
import { company, emailLink, phoneLink, socialLinks, whatsappLink } from '../../content/company';
import { footerCompanyLinks, footerServiceLinks, type NavLinkItem } from '../../content/navigation';
import { NewsletterSlot } from './NewsletterSlot';
import './layout.css';

function LinkList({ title, links }: { title: string; links: NavLinkItem[] }) {
  return (
    <nav className="footer-column" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-column" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ul>
            <li>
              Email: <a href={emailLink}>{company.email}</a>
            </li>
            <li>
              Phone: <a href={phoneLink}>{company.phoneDisplay}</a>
            </li>
            <li>
              <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
                Chat on WhatsApp
              </a>
            </li>
            <li>{company.address}</li>
          </ul>
        </section>
        <LinkList title="Services" links={footerServiceLinks} />
        <LinkList title="Company" links={footerCompanyLinks} />
        <section className="footer-column" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <NewsletterSlot />
          <h2 className="footer-social-title">Follow us</h2>
          <ul className="footer-social">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-legal">
        © {new Date().getFullYear()} {company.name}, {company.registration} ·{' '}
        <Link to="/terms_and_conditions">Terms and conditions</Link> · <Link to="/faq">FAQ</Link>
      </p>
    </footer>
  );
}
