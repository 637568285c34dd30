import { createHash } from 'node:crypto';
import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { ExtractedJob } from '../sites/site-adapter';

/**
 * A learned way to read a job list from a page's DOM: the card selector (document-wide), field selectors
 * relative to a card, and a structural fingerprint of a card (tag tree without classes), so a page whose
 * cards match the selector but no longer have the learned structure counts as a failure.
 */
export interface JobCardSelectors {
  card: string;
  title: string;
  link: string;
  salary: string | null;
  company: string | null;
  location: string | null;
  tags: string | null;
  fingerprint: string;
}

const SALARY = /(\d+(\.\d+)?\s*(k|K|千|万|w|W)?\s*[-~～至]\s*\d+(\.\d+)?\s*(k|K|千|万|w|W|元)|\d+(\.\d+)?\s*(k|K|千|万)\s*以上|面议|元\/(天|月|时))/;
const COMPANY = /(公司|集团|科技|网络|信息|技术|银行|研究院|工作室|事务所|中心|Inc\.?|Ltd\.?|Co\.)/i;
const LOCATION = /(北京|上海|广州|深圳|杭州|成都|武汉|西安|南京|长沙|天津|重庆|苏州|[市区县])([·\-\s]|$)/;
/** A posting's own page on the five sites: BOSS直聘 /job_detail/, 猎聘 /job/, 51job and 智联 numbered pages. */
const JOB_LINK = /\/job_detail\/|\/jobs?\/[\w-]*\d[\w-]*\.s?html?|\/jobdetail\/|\/wn\/jobs\/\d+/i;
const MIN_CARDS = 3;

const textOf = ($: CheerioAPI, node: AnyNode): string => $(node).text().replace(/\s+/g, ' ').trim();

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag';
}

/** `tag.class1.class2` of one element (classes escaped for CSS). */
function simpleSelector(element: Element): string {
  const classes = (element.attribs['class'] ?? '').split(/\s+/).filter((name) => /^[A-Za-z_-][\w-]*$/.test(name));
  return [element.tagName, ...classes.map((name) => `.${name}`)].join('');
}

/**
 * Tag tree of a card to depth 3, class names left out: survives renamed classes, not a new layout. A run of
 * like siblings counts once, so a card with one skill tag has the shape of a card with three.
 */
function cardFingerprint($: CheerioAPI, card: Element): string {
  const shape = (element: Element, depth: number): string =>
    depth === 0
      ? element.tagName
      : `${element.tagName}(${element.children
          .filter(isElement)
          .map((child) => shape(child, depth - 1))
          .filter((child, index, all) => child !== all[index - 1])
          .join(',')})`;
  return createHash('sha1').update(shape(card, 3)).digest('hex').slice(0, 16);
}

/** Selector of `element` relative to `card`: the chain of simple selectors below the card. */
function relativeSelector(card: Element, element: Element): string {
  const chain: string[] = [];
  let current: Element | null = element;
  while (current && current !== card) {
    chain.unshift(simpleSelector(current));
    current = current.parent && isElement(current.parent) ? current.parent : null;
  }
  return chain.join(' > ');
}

const isJobLink = (element: Element) => element.tagName === 'a' && JOB_LINK.test(element.attribs['href'] ?? '');

/**
 * Finds the repeated job-card structure by its shape: from each link to a posting's page (and each
 * salary-like text, for sites whose links say nothing), walked up to the nearest ancestor that holds a link
 * and repeats among its siblings, grouped by parent and shape; the largest group (at least three) wins.
 * Salary is not needed: BOSS直聘 draws it in a private font. Fields are then recognised by their text
 * (salary, company, location) and role.
 */
export function discoverJobCardSelectors(html: string): JobCardSelectors | null {
  const $ = load(html);
  const groups = new Map<string, { parent: Element; cards: Set<Element> }>();
  $('body *').each((_, node) => {
    const element = node as Element;
    const seed = isJobLink(element) || (!element.children.some(isElement) && SALARY.test(textOf($, element)));
    if (!seed) return;
    let card: Element | null = element;
    // The card is the nearest ancestor that holds a link and repeats among its siblings.
    const repeats = (candidate: Element) =>
      candidate.parent !== null && isElement(candidate.parent) && candidate.parent.children.filter((sibling) => isElement(sibling) && simpleSelector(sibling) === simpleSelector(candidate)).length >= MIN_CARDS;
    while (card && !($(card).find('a[href]').length > 0 && repeats(card))) {
      card = card.parent && isElement(card.parent) ? card.parent : null;
    }
    if (!card || !card.parent || !isElement(card.parent)) return;
    const key = `${simpleSelector(card.parent)}>${simpleSelector(card)}|${cardFingerprint($, card)}`;
    const group = groups.get(key) ?? { parent: card.parent, cards: new Set<Element>() };
    group.cards.add(card);
    groups.set(key, group);
  });
  const best = [...groups.values()].sort((a, b) => b.cards.size - a.cards.size)[0];
  if (!best || best.cards.size < MIN_CARDS) return null;
  const cards = [...best.cards];
  const sample = cards[0];

  const leaves = (card: Element) => $(card).find('*').toArray().filter((node): node is Element => isElement(node) && textOf($, node) !== '' && !node.children.some(isElement));
  const firstMatching = (test: (element: Element) => boolean) => {
    // The field must be found the same way in most cards, not only in the sample.
    for (const candidate of leaves(sample).filter(test)) {
      const selector = relativeSelector(sample, candidate);
      const hits = cards.filter((card) => $(card).find(selector).length > 0).length;
      if (hits >= Math.ceil(cards.length * 0.8)) return { element: candidate, selector };
    }
    return null;
  };

  const links = $(sample).find('a[href]').toArray() as Element[];
  const titleLink =
    links.find((link) => isJobLink(link) && textOf($, link).length >= 2) ??
    links.find((link) => !COMPANY.test(textOf($, link)) && !/company|gongsi|comp/i.test(link.attribs['href'] ?? '') && textOf($, link).length >= 2);
  if (!titleLink) return null;
  const linkSelector = relativeSelector(sample, titleLink);
  const salary = firstMatching((element) => SALARY.test(textOf($, element)));
  const company = firstMatching((element) => element !== titleLink && COMPANY.test(textOf($, element)) && !SALARY.test(textOf($, element)));
  const location = firstMatching((element) => element !== titleLink && LOCATION.test(textOf($, element)) && !COMPANY.test(textOf($, element)) && !SALARY.test(textOf($, element)));
  const tagList = $(sample)
    .find('ul, ol')
    .toArray()
    .find((list) => $(list).children('li').length >= 1 && $(list).find('a[href]').length === 0) as Element | undefined;

  return {
    card: `${simpleSelector(best.parent)} > ${simpleSelector(sample)}`,
    title: linkSelector,
    link: linkSelector,
    salary: salary?.selector ?? null,
    company: company?.selector ?? null,
    location: location?.selector ?? null,
    tags: tagList ? `${relativeSelector(sample, tagList)} > li` : null,
    fingerprint: cardFingerprint($, sample),
  };
}

/**
 * Reads jobs with learned selectors. Returns null (a failure of these selectors) when fewer than three
 * cards match, when the cards no longer have the learned structure, or when most cards lack title or link.
 */
export function extractWithSelectors(html: string, selectors: JobCardSelectors): ExtractedJob[] | null {
  const $ = load(html);
  let cards: Element[];
  try {
    cards = $(selectors.card).toArray() as Element[];
  } catch {
    return null;
  }
  if (cards.length < MIN_CARDS) return null;
  if (cards.filter((card) => cardFingerprint($, card) === selectors.fingerprint).length < Math.ceil(cards.length * 0.8)) return null;
  const field = (card: Element, selector: string | null) => (selector ? textOf($, $(card).find(selector).first()[0] ?? card) : undefined);
  const jobs: ExtractedJob[] = [];
  for (const card of cards) {
    const link = $(card).find(selectors.link).first();
    const href = link.attr('href');
    const title = textOf($, link[0] ?? card);
    if (!href || !title || !selectors.company) continue;
    const company = $(card).find(selectors.company).first();
    jobs.push({
      title,
      company: company.length ? textOf($, company[0]) : '',
      salary: selectors.salary && $(card).find(selectors.salary).length ? field(card, selectors.salary) : undefined,
      location: selectors.location && $(card).find(selectors.location).length ? field(card, selectors.location) : undefined,
      skillTags: selectors.tags ? $(card).find(selectors.tags).toArray().map((tag) => textOf($, tag)) : [],
      url: href,
      raw: { html: $.html(card).slice(0, 4000) },
    });
  }
  return jobs.length >= Math.ceil(cards.length * 0.8) ? jobs : null;
}
