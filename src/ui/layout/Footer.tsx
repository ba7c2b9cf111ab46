/** The shared footer. Issue 8 adds service and social links and the newsletter form. */
import { Link } from 'react-router-dom';
import { company, whatsappLink } from '../../content/company';

export function Footer() {
  return (
    <footer className="site-footer">
      <ul className="footer-contacts">
        <li><a href={`mailto:${company.email}`}>{company.email}</a></li>
        <li><a href={`tel:${company.phone}`}>{company.phoneDisplay}</a></li>
        <li><a href={whatsappLink()}>WhatsApp</a></li>
      </ul>
      <p>
        <Link to="/terms_and_conditions">Terms and conditions</Link> · <Link to="/faq">FAQ</Link>
      </p>
      <p>© {new Date().getFullYear()} {company.name}</p>
    </footer>
  );
}
