import { useTranslation } from '~/i18n/TranslationProvider';

import { useLanguageSwitch } from '~/hooks/useLanguageSwitch';
import { LANGUAGE_QUERY, SUPPORTED_LANGUAGES } from '~/i18n/config';

/** zh / en links: without JavaScript `?lng=` switches (the server sets the cookie); with it, no reload. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, switchTo } = useLanguageSwitch();
  return (
    <ul className="language-switcher" aria-label={t('language.label')}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <li key={language}>
          <a
            href={`?${LANGUAGE_QUERY}=${language}`}
            lang={language}
            hrefLang={language}
            aria-current={language === current ? 'true' : undefined}
            onClick={(event) => {
              event.preventDefault();
              switchTo(language);
            }}
          >
            {t(`language.${language}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
