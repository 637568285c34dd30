import { visibleSkillTags } from './public-job';

describe(visibleSkillTags.name, () => {
  it.each([
    [[], [], 0],
    [['AI'], ['AI'], 0],
    [['AI', 'PRD', 'SQL'], ['AI', 'PRD', 'SQL'], 0],
    [['AI', 'PRD', 'SQL', 'RAG'], ['AI', 'PRD', 'SQL'], 1],
    [['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'b', 'c'], 3],
  ])('splits %j into %j and +%d', (tags, shown, more) => {
    expect(visibleSkillTags(tags)).toEqual({ shown, more });
  });

  it('takes another visible count (the admin shows 5)', () => {
    expect(visibleSkillTags(['a', 'b', 'c', 'd', 'e', 'f'], 5)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 1 });
  });
});
