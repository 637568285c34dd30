import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Admin published jobs show at most 5 skill tags, then "+N" for the rest (docs/product/crawler.md#published-jobs).
 */
export const ADMIN_VISIBLE_SKILL_TAGS = 5;

export function SkillTags({ tags, max = ADMIN_VISIBLE_SKILL_TAGS }: { tags: readonly string[]; max?: number }) {
  const translate = useTranslate();
  if (tags.length === 0) return null;
  const hidden = tags.length - max;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="skill-tags">
      {tags.slice(0, max).map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
      {hidden > 0 && (
        <Chip
          label={translate('aipm.published_jobs.more_tags', { count: hidden })}
          aria-label={translate('aipm.published_jobs.more_tags_label', { count: hidden })}
          size="small"
          data-testid="skill-tags-more"
        />
      )}
    </Stack>
  );
}
