import { formatDate, groupThousands, HERO_FIGURE_SOURCES, type HeroFigureSource } from '@aipm/contracts';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';

import { HERO_FIGURES_QUERY_KEY, useSiteSettingsApi } from './siteSettingsApi';

type Figure = 'students' | 'completion';
const FIELDS: Record<Figure, 'heroStudentsSource' | 'heroCompletionSource'> = { students: 'heroStudentsSource', completion: 'heroCompletionSource' };

interface HeroFiguresFieldsProps {
  sources: Record<'heroStudentsSource' | 'heroCompletionSource', HeroFigureSource>;
  onChange: (field: 'heroStudentsSource' | 'heroCompletionSource', source: HeroFigureSource) => void;
  disabled: boolean;
}

/**
 * 首页数据 (docs/product/outcomes-report.md#on-the-landing-page): 累计学员 and 结业率 as written or from the outcomes
 * report, each with what the report measures today, so the administrator sees what the site would show.
 */
export function HeroFiguresFields({ sources, onChange, disabled }: HeroFiguresFieldsProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useSiteSettingsApi();
  const measured = useQuery({ queryKey: HERO_FIGURES_QUERY_KEY, queryFn: () => api.heroFigures() });
  const label = (key: string, options?: Record<string, unknown>) => translate(`aipm.site_settings.hero.${key}`, options);

  const measuredText = (figure: Figure): string => {
    if (measured.isPending) return label('measuring');
    if (measured.isError) return label('measure_failed', { message: measured.error instanceof Error ? translate(measured.error.message, { _: measured.error.message }) : String(measured.error) });
    const { students, completion } = measured.data;
    if (figure === 'students') return students ? label('measured_students', { count: groupThousands(students.count), date: formatDate(students.asOf, locale) }) : label('no_students');
    return completion
      ? label('measured_completion', { percent: completion.percent, cohort: completion.cohort, date: formatDate(completion.lastDay, locale) })
      : label('no_finished_cohort');
  };

  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {label('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {label('hint')}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {(['students', 'completion'] as const).map((figure) => (
          <FormControl key={figure} disabled={disabled}>
            <FormLabel id={`site-settings-hero-${figure}`}>{label(figure)}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`site-settings-hero-${figure}`}
              aria-describedby={`site-settings-hero-${figure}-measured`}
              name={FIELDS[figure]}
              value={sources[FIELDS[figure]]}
              onChange={(event) => onChange(FIELDS[figure], event.target.value as HeroFigureSource)}
            >
              {HERO_FIGURE_SOURCES.map((source) => (
                <FormControlLabel key={source} value={source} control={<Radio />} label={label(`${source}_${figure}`)} />
              ))}
            </RadioGroup>
            <FormHelperText id={`site-settings-hero-${figure}-measured`} sx={{ mx: 0 }} aria-live="polite">
              {measuredText(figure)}
            </FormHelperText>
          </FormControl>
        ))}
      </Stack>
    </>
  );
}
