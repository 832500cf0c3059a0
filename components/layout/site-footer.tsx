import Link from "next/link";
import { footerSections } from "@/components/layout/footer-links";
import { SocialIcon } from "@/components/layout/social-icon";
import { site } from "@/lib/site";

/** Site-wide footer (docs/product.md#layout). Rendered into static pages, so the year is the build year. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const websiteLabel = site.url.replace(/^https?:\/\//, "");
  return (
    <footer className="site-footer">
      <div className="site-footer-grid">
        {footerSections.map((section, index) => (
          <section key={section.title} aria-labelledby={`footer-section-${index}`}>
            <h2 id={`footer-section-${index}`} className="footer-heading">
              {section.title}
            </h2>
            <ul className="footer-links footer-list">
              {section.links.map((link) => (
                <li key={link.label}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contact Us
          </h2>
          <address className="footer-links footer-list not-italic">
            <p>
              <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
            </p>
            <p>
              <a href={site.url}>{websiteLabel}</a>
            </p>
            <p>{site.addressLine}</p>
          </address>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            {site.social.map((social) => (
              <li key={social.name}>
                <a href={social.href} className="social-link" rel="noopener noreferrer" target="_blank">
                  <SocialIcon name={social.name} />
                  <span className="sr-only">{`${site.name} on ${social.name} (opens in a new tab)`}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-ocean-900 border-t">
        <div className="site-footer-base">
          <p className="max-w-2xl">{site.tagline}</p>
          <p className="footer-links">
            {`© ${year} ${site.name}. Website by `}
            <a href={site.agency.href} rel="noopener">
              {site.agency.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
