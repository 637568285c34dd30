import { readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverJobCardSelectors, extractWithSelectors } from './job-card.selectors';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

describe(discoverJobCardSelectors.name, () => {
  it('finds the repeated job cards and their fields, ignoring header, sidebar and footer links', () => {
    const selectors = discoverJobCardSelectors(fixture('renamed-classes-a.html'));
    expect(selectors).not.toBeNull();
    expect(selectors?.card).toMatch(/^ul\.g[0-9a-f]+-list > li\.g[0-9a-f]+-card$/);
    const jobs = extractWithSelectors(fixture('renamed-classes-a.html'), selectors!);
    expect(jobs).toHaveLength(5);
    expect(jobs?.[0]).toMatchObject({
      title: 'AI产品经理',
      company: '长沙智算科技有限公司',
      salary: '15-25K·14薪',
      location: '长沙·岳麓区',
      skillTags: ['Axure', 'Prompt'],
      url: expect.stringMatching(/^\/job_detail\/[0-9a-f]{12}\.html$/),
    });
  });

  it('answers null for a page without a repeated card structure', () => {
    expect(discoverJobCardSelectors('<html><body><h1>登录</h1><a href="/x">登录</a></body></html>')).toBeNull();
  });
});

describe(extractWithSelectors.name, () => {
  it('fails with the selectors of another class generation and succeeds after rediscovery', () => {
    const learned = discoverJobCardSelectors(fixture('renamed-classes-a.html'))!;
    const renamed = fixture('renamed-classes-b.html');
    expect(extractWithSelectors(renamed, learned)).toBeNull();
    const rediscovered = discoverJobCardSelectors(renamed)!;
    expect(rediscovered.card).not.toBe(learned.card);
    // Same layout under new names: the structural fingerprint is unchanged.
    expect(rediscovered.fingerprint).toBe(learned.fingerprint);
    expect(extractWithSelectors(renamed, rediscovered)?.map((job) => job.title)).toEqual(
      extractWithSelectors(fixture('renamed-classes-a.html'), learned)?.map((job) => job.title),
    );
  });

  it('fails when matching cards no longer have the learned structure', () => {
    const learned = discoverJobCardSelectors(fixture('renamed-classes-a.html'))!;
    expect(extractWithSelectors(fixture('renamed-classes-a.html'), { ...learned, fingerprint: '0000000000000000' })).toBeNull();
  });
});
