import type { LandingLanguage, ShownImage } from '@aipm/contracts';

/**
 * The built-in partner wall: 18 logos, 3 rows of 6 on wide screens and 6 rows of 3 on phones
 * (docs/product/public-site.md#training-goals, docs/product/constants.md#counts), shown while no logo is uploaded in
 * 网站内容 (ADR 076). Logos live in public/images/partners. Server-only: the page receives the wall ready.
 */
const PARTNERS = [
  { slug: 'xinghe-cloud', name: '星河云' },
  { slug: 'yunfan-tech', name: '云帆科技' },
  { slug: 'shenlan-model', name: '深蓝模型' },
  { slug: 'xiangjiang-data', name: '湘江数据' },
  { slug: 'lushan-ai', name: '麓山智能' },
  { slug: 'juzhou-tech', name: '橘洲科技' },
  { slug: 'furong-ai', name: '芙蓉智能' },
  { slug: 'qianfan-lab', name: '千帆实验室' },
  { slug: 'zhixing-ai', name: '知行 AI' },
  { slug: 'tianyuan-compute', name: '天元算力' },
  { slug: 'mingjing-vision', name: '明镜视觉' },
  { slug: 'chuangyu-soft', name: '创宇软件' },
  { slug: 'lingxi-agent', name: '灵犀智能体' },
  { slug: 'beidou-data', name: '北斗数科' },
  { slug: 'hengyuan-fintech', name: '恒远金科' },
  { slug: 'zhiyun-edu', name: '智云教育' },
  { slug: 'jiuzhou-net', name: '九州网络' },
  { slug: 'xinghuo-ai', name: '星火智算' },
] as const;

const ALT: Record<LandingLanguage, (name: string) => string> = {
  zh: (name) => `合作企业 ${name} 的标志`,
  en: (name) => `Logo of partner company ${name}`,
};

export function builtInPartners(language: LandingLanguage): ShownImage[] {
  return PARTNERS.map((partner) => ({ src: `/images/partners/${partner.slug}.svg`, alt: ALT[language](partner.name) }));
}
