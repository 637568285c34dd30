import { INITIAL_TASK_FORM, previewOf, splitList, taskBodyOf, type TaskFormValues, validateTaskForm } from './taskForm';

const form = (overrides: Partial<TaskFormValues> = {}): TaskFormValues => ({ ...INITIAL_TASK_FORM, name: '长沙 AI', keywords: 'AI产品经理', ...overrides });

describe(validateTaskForm.name, () => {
  it('accepts the defaults with a name and a keyword', () => {
    expect(validateTaskForm(form())).toEqual({});
  });

  it.each<[string, Partial<TaskFormValues>, string, string]>([
    ['a blank name', { name: '  ' }, 'name', 'aipm.errors.TASK_NAME_REQUIRED'],
    ['no keyword', { keywords: ' , ，' }, 'keywords', 'aipm.errors.SEARCH_KEYWORD_REQUIRED'],
    ['no site', { sites: [] }, 'sites', 'aipm.crawler.form.sites_required'],
    ['no city', { cities: [] }, 'cities', 'aipm.crawler.form.cities_required'],
    ['a wait under 3 s', { waitTime: '2000' }, 'waitTime', 'aipm.errors.WAIT_TIME_TOO_SHORT'],
    ['a wait over 30 s', { waitTime: '31000' }, 'waitTime', 'aipm.errors.WAIT_TIME_TOO_LONG'],
    ['0 results', { maxResults: '0' }, 'maxResults', 'aipm.crawler.form.max_results_too_small'],
    ['501 results', { maxResults: '501' }, 'maxResults', 'aipm.crawler.form.max_results_too_large'],
    ['an extra URL that is not one', { extraUrls: 'not a url' }, 'extraUrls', 'aipm.crawler.form.url_invalid'],
    ['an extra URL on another site', { extraUrls: 'https://jobs.example.com/search' }, 'extraUrls', 'aipm.crawler.form.url_not_job_site'],
  ])('refuses %s', (_case, overrides, field, key) => {
    expect(validateTaskForm(form(overrides))).toEqual({ [field]: expect.objectContaining({ key }) });
  });
});

describe(previewOf.name, () => {
  it('is keywords × sites × cities, in the catalogue order, keyword URL-encoded', () => {
    const urls = previewOf({ keywords: 'AI产品经理，数据分析, AI产品经理', sites: ['zhipin', 'zhaopin'], cities: ['北京', '长沙'] });
    expect(urls).toHaveLength(2 * 2 * 2);
    expect(urls.map(({ site, city, keyword }) => `${site} ${city} ${keyword}`).slice(0, 3)).toEqual(['zhaopin 长沙 AI产品经理', 'zhaopin 长沙 数据分析', 'zhaopin 北京 AI产品经理']);
    expect(urls[0].url).toBe('https://sou.zhaopin.com/?jl=749&kw=AI%E4%BA%A7%E5%93%81%E7%BB%8F%E7%90%86&p=1');
  });
});

describe(taskBodyOf.name, () => {
  it('sends the preview URLs plus the extra ones, the site when only one is chosen, and the task’s maxResults', () => {
    const body = taskBodyOf(form({ keywords: 'AI, 数据', extraUrls: 'https://www.zhipin.com/web/geek/job?query=x\n', waitTime: '8400' }));
    expect(body).toEqual({
      name: '长沙 AI',
      keywords: ['AI', '数据'],
      targetUrls: [expect.stringContaining('kw=AI&'), expect.stringContaining('sou.zhaopin.com'), 'https://www.zhipin.com/web/geek/job?query=x'],
      site: 'zhaopin',
      enableJavaScriptRendering: true,
      antiDetectionMode: true,
      waitTime: 8000,
      maxResults: 100,
    });
    expect(taskBodyOf(form({ maxResults: '15' })).maxResults).toBe(15);
    expect(taskBodyOf(form({ sites: ['zhaopin', 'job51'] }))).not.toHaveProperty('site');
  });

  it('splits keywords on ASCII and full-width commas', () => {
    expect(splitList(' a，b ,, c、d ')).toEqual(['a', 'b', 'c', 'd']);
  });
});
