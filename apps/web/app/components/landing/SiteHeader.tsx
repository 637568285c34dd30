import { useState } from 'react';
import { useTranslation } from '~/i18n/TranslationProvider';

import { useScrolledPast } from '~/hooks/useScrolledPast';

import { LanguageSwitcher } from './LanguageSwitcher';

/** docs/product/public-site.md#header: the header becomes more opaque once the page has scrolled more than 100 px. */
const HEADER_OPAQUE_AFTER_PX = 100;

/** Header buttons (docs/product/public-site.md#header), in order, followed by the register button (inside the menu on small screens). */
const HEADER_ENTRIES = ['features', 'courses', 'instructors', 'jobs', 'pricing', 'contact'] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(HEADER_OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <a className="site-header__brand" href="#home" onClick={close}>
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span>{t('site.name')}</span>
        </a>
        <button
          type="button"
          className="menu-toggle"
          data-js-only
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
        </button>
        <nav id="site-nav" className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label={t('nav.main')}>
          <ul className="site-nav__list">
            {HEADER_ENTRIES.map((entry) => (
              <li key={entry}>
                <a href={`#${entry}`} onClick={close}>
                  {t(`nav.items.${entry}`)}
                </a>
              </li>
            ))}
            <li className="site-nav__register">
              <a className="button button--small" href="#registration" onClick={close}>
                {t('nav.register')}
              </a>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
