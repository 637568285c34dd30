import { formatDate, groupThousands, type HeroFigures } from '@aipm/contracts';

import type { MeasuredHeroStats } from '~/config/site-config';
import type { Translator } from '~/i18n/translator';

/**
 * The measured hero figures as the page shows them (docs/product/outcomes-report.md#on-the-landing-page): 累计学员 with
 * the day it was counted, 结业率 with its cohort and the cohort's last class day.
 */
export function measuredHeroStats(figures: HeroFigures, { t, language }: Translator): MeasuredHeroStats {
  const { students, completion } = figures;
  return {
    ...(students ? { students: { value: groupThousands(students.count), note: t('hero.measured.students', { date: formatDate(students.asOf, language) }) } } : {}),
    ...(completion
      ? { completion: { value: `${completion.percent}%`, note: t('hero.measured.completion', { cohort: completion.cohort, date: formatDate(completion.lastDay, language) }) } }
      : {}),
  };
}
