import { addDays } from '../cohorts/cohort';
import type { LandingContent, PromotionOption } from './landing-content';

/*
 * A fresh install's first publication (docs/product/public-site.md#content-edited-in-the-back-office): the spec's
 * content as the site was built with it, in both languages. What would name a past day is made true instead: the
 * cohort is the {{cohort}} placeholder (the next cohort, or a placeholder naming no past date, ADR 025), and the
 * early-bird deadlines are set from the next cohort's start (35 and 30 days before it, as the spec's 20 / 25 Aug are
 * before a late-September start), each only while it is still ahead; without a next cohort there is no early bird.
 */

/** The early-bird options: the spec's amounts, each up to its own end date. */
function earlyBird(nextCohortStart: string | null, today: string): PromotionOption[] {
  if (nextCohortStart === null) return [];
  const options: PromotionOption[] = [
    {
      text: {
        zh: '{{date}}前报名立减 1,500 元',
        en: '1,500 RMB off when you register by {{date}}',
      },
      endsOn: addDays(nextCohortStart, -35),
    },
    {
      text: {
        zh: '{{date}}前报名立减 800 元',
        en: '800 RMB off when you register by {{date}}',
      },
      endsOn: addDays(nextCohortStart, -30),
    },
  ];
  return options.filter((option) => option.endsOn !== null && option.endsOn >= today);
}

/**
 * @param nextCohortStart the next open cohort's start (YYYY-MM-DD), or null when none is planned
 * @param today China time, YYYY-MM-DD
 */
export function defaultLandingContent(nextCohortStart: string | null, today: string): LandingContent {
  const early = earlyBird(nextCohortStart, today);
  const promotions: LandingContent['pricing']['promotions'] = [
    ...(early.length > 0 ? [{ title: { zh: '早鸟优惠', en: 'Early bird' }, options: early }] : []),
    {
      title: { zh: '团报优惠', en: 'Group' },
      options: [
        {
          text: {
            zh: '3 人及以上每人减 1,500 元',
            en: '1,500 RMB off each for 3 or more',
          },
          endsOn: null,
        },
        {
          text: {
            zh: '5 人及以上每人减 2,000 元',
            en: '2,000 RMB off each for 5 or more',
          },
          endsOn: null,
        },
      ],
    },
    {
      title: { zh: '校友推荐', en: 'Alumni referral' },
      options: [
        {
          text: {
            zh: '校友推荐报名减 1,000 元',
            en: '1,000 RMB off when referred by an alumnus',
          },
          endsOn: null,
        },
      ],
    },
  ];
  return {
    hero: {
      badge: { zh: '{{cohort}}开班 · 长沙', en: 'Next cohort: {{cohort}} · Changsha' },
      title: { zh: '35 天，成为 AI 产品经理', en: 'Become an AI product manager in 35 days' },
      subtitle: {
        zh: '从大模型原理、智能体设计到真实项目落地，由一线 AI 产品负责人带你完成职业转型，签订年薪目标协议。',
        en: 'From large-model principles and agent design to shipping real projects, led by practising AI product leads — with a salary-target agreement.',
      },
      stats: [
        {
          id: 'students',
          value: '1000+',
          label: { zh: '累计学员', en: 'Students' },
        },
        {
          id: 'courses',
          value: '50+',
          label: { zh: '精品课程', en: 'Courses' },
        },
        {
          id: 'satisfaction',
          value: '98%',
          label: { zh: '学员满意度', en: 'Satisfaction' },
        },
        {
          id: 'completion',
          value: '95%',
          label: { zh: '结业率', en: 'Completion rate' },
        },
      ],
    },
    about: {
      mission: {
        zh: '我们由长沙一家文化教育公司与一家人工智能企业联合创办，致力于把 AI 行业一线的产品方法论带给每一位想要转型的人，让更多人站上大模型时代的产品岗位。',
        en: 'Founded by a Changsha culture and education company together with an AI company, we bring the product methods used on the front line of AI to everyone ready to change careers, so more people can take product roles in the age of large models.',
      },
      slogan: { zh: '懂技术的产品人，做有温度的 AI。', en: 'Product people who understand the technology, building AI with a human touch.' },
      advantages: [
        {
          title: { zh: '企业联合办学', en: 'Co-run with industry' },
          text: { zh: '与 AI 企业共同设计课程，案例与项目来自真实业务。', en: 'The curriculum is designed with an AI company; cases and projects come from real products.' },
        },
        {
          title: { zh: '年薪目标协议', en: 'Salary-target agreement' },
          text: { zh: '签订目标年薪不低于 20 万的协议，未达成按协议退款。', en: 'We sign a target of at least 200k RMB a year; if it is missed you are refunded per the agreement.' },
        },
        {
          title: { zh: '小班实战教学', en: 'Small, hands-on classes' },
          text: { zh: '全程线下小班授课，导师一对一点评每一份作业。', en: 'In-person small classes, with a mentor reviewing every assignment one to one.' },
        },
      ],
    },
    features: {
      cards: [
        {
          icon: 'theory',
          title: { zh: '理论体系', en: 'Theory' },
          text: { zh: '系统讲解大模型原理、智能体与上下文工程，建立扎实的技术认知。', en: 'Large-model principles, agents and context engineering, explained systematically.' },
        },
        {
          icon: 'practice',
          title: { zh: '项目实战', en: 'Practice' },
          text: { zh: '完成 RAG 知识库、AI 客服、AIGC 与智能体平台四个真实项目。', en: 'Four real projects: a RAG knowledge base, AI customer service, AIGC and an agent platform.' },
        },
        {
          icon: 'employment',
          title: { zh: '就业保障', en: 'Employment' },
          text: { zh: '一对一简历修改、模拟面试与名企内推，签订年薪目标协议。', en: 'One-to-one resume revision, mock interviews, referrals and a salary-target agreement.' },
        },
        {
          icon: 'mentor',
          title: { zh: '导师陪伴', en: 'Mentors' },
          text: { zh: '一线 AI 产品负责人担任导师，学习全程答疑与职业规划。', en: 'Practising AI product leads answer questions and plan your career with you.' },
        },
        {
          icon: 'network',
          title: { zh: '人脉网络', en: 'Network' },
          text: { zh: '加入百余家合作企业与历届校友组成的 AI 产品人社群。', en: 'Join a community of 100+ partner companies and bootcamp alumni.' },
        },
        {
          icon: 'certification',
          title: { zh: '结业认证', en: 'Certification' },
          text: { zh: '通过结业考核颁发训练营结业证书与项目作品集。', en: 'Pass the final review to earn the bootcamp certificate and a project portfolio.' },
        },
      ],
      mode: {
        zh: '35 天全日制线下集训：上午理论讲授，下午分组讨论与实践练习，晚间导师答疑；每个模块以项目评审收尾，确保学以致用。',
        en: '35 days of full-time, in-person training: lectures in the morning, group discussion and practical exercises in the afternoon, mentor Q&A in the evening. Every module ends with a project review.',
      },
      sceneAlt: {
        zh: '训练营课堂场景：学员围坐讨论，讲师在白板前讲解产品架构',
        en: 'Bootcamp classroom: students discussing around a table while an instructor explains a product architecture at the whiteboard',
      },
    },
    goals: {
      cards: [
        {
          title: { zh: '技能目标', en: 'Skills' },
          text: { zh: '掌握 AI 产品从需求分析、方案设计到上线评估的完整能力。', en: 'Own an AI product end to end: requirements, solution design, launch and evaluation.' },
        },
        {
          title: { zh: '就业目标', en: 'Employment' },
          text: { zh: '结业后进入 AI 产品相关岗位，目标年薪 20 万以上。', en: 'Move into an AI product role after graduating, targeting 200k RMB a year or more.' },
        },
        {
          title: { zh: '服务目标', en: 'Service' },
          text: { zh: '终身职业咨询，持续陪伴你的每一次职业选择。', en: 'Lifetime career consulting for every career decision that follows.' },
        },
        {
          title: { zh: '奖励目标', en: 'Reward' },
          text: { zh: '薪资超出目标 50% 的学员可获得额外奖励。', en: 'A bonus for graduates whose salary beats the target by 50%.' },
        },
      ],
      positions: [
        { zh: 'AI 产品经理', en: 'AI product manager' },
        { zh: '数据产品经理', en: 'Data product manager' },
        { zh: 'AI 产品运营', en: 'AI operations' },
      ],
      guarantee: {
        target: { zh: '不低于 20 万元', en: 'At least 200,000 RMB' },
        refund: { zh: '100%（按协议）', en: '100% (per agreement)' },
        bonus: { zh: '薪资超出目标 50% 时发放', en: 'Paid when the salary exceeds the target by 50%' },
        note: {
          zh: '具体金额与比例以双方签订的协议为准，报名咨询时由顾问详细说明。',
          en: 'The exact amounts and rates are set in the signed agreement; an adviser walks you through them when you enquire.',
        },
      },
    },
    instructors: {
      core: [
        {
          name: { zh: '陈思远', en: 'Chen Siyuan' },
          title: { zh: '首席讲师 · AI 产品负责人', en: 'Lead instructor · Head of AI product' },
          bio: {
            zh: '曾主导千万级用户的智能助手产品，负责大模型应用从 0 到 1 的规划与落地。',
            en: 'Led an intelligent-assistant product with tens of millions of users and took large-model applications from zero to launch.',
          },
          experience: { zh: '12 年', en: '12 years' },
          specialization: { zh: '大模型产品规划', en: 'Large-model product strategy' },
          achievements: [
            { zh: '主导 3 款 AI 产品上线', en: 'Shipped 3 AI products' },
            { zh: '培养产品经理 300+ 人', en: 'Trained 300+ product managers' },
            { zh: '行业峰会特邀讲者', en: 'Invited industry-summit speaker' },
          ],
        },
        {
          name: { zh: '刘雨桐', en: 'Liu Yutong' },
          title: { zh: '算法导师 · 大模型工程师', en: 'Algorithm mentor · Large-model engineer' },
          bio: { zh: '深耕大模型训练与评测，擅长把复杂的技术原理讲给产品人听。', en: 'Works on large-model training and evaluation and explains hard technical ideas in product terms.' },
          experience: { zh: '9 年', en: '9 years' },
          specialization: { zh: '模型训练与评测', en: 'Model training and evaluation' },
          achievements: [
            { zh: '发表 AI 论文 8 篇', en: '8 published AI papers' },
            { zh: '搭建企业级评测体系', en: 'Built an enterprise evaluation suite' },
            { zh: '开源项目核心贡献者', en: 'Core open-source contributor' },
          ],
        },
        {
          name: { zh: '王嘉豪', en: 'Wang Jiahao' },
          title: { zh: '就业导师 · 资深 HRBP', en: 'Career mentor · Senior HRBP' },
          bio: {
            zh: '长期负责互联网与 AI 企业的产品岗位招聘，熟悉一线用人标准。',
            en: 'Has recruited product roles for internet and AI companies for a decade and knows what hiring managers look for.',
          },
          experience: { zh: '10 年', en: '10 years' },
          specialization: { zh: '职业规划与面试', en: 'Career planning and interviews' },
          achievements: [
            { zh: '面试候选人 5000+', en: '5000+ candidates interviewed' },
            { zh: '内推成功率 80%', en: '80% referral success rate' },
            { zh: '百家企业人脉', en: 'Network of 100+ companies' },
          ],
        },
      ],
      more: [
        {
          name: { zh: '赵可欣', en: 'Zhao Kexin' },
          title: { zh: '智能体产品专家', en: 'Agent product expert' },
          specialization: { zh: 'Agent 与 MCP 协议', en: 'Agents and the MCP protocol' },
        },
        {
          name: { zh: '孙浩然', en: 'Sun Haoran' },
          title: { zh: '数据产品经理', en: 'Data product manager' },
          specialization: { zh: '数据指标与 BI', en: 'Metrics and BI' },
        },
        {
          name: { zh: '周明轩', en: 'Zhou Mingxuan' },
          title: { zh: 'AIGC 产品经理', en: 'AIGC product manager' },
          specialization: { zh: '内容生成与审核', en: 'Content generation and moderation' },
        },
        {
          name: { zh: '吴佳怡', en: 'Wu Jiayi' },
          title: { zh: '用户研究负责人', en: 'Head of user research' },
          specialization: { zh: '用户洞察与竞品分析', en: 'User insight and competitor analysis' },
        },
        {
          name: { zh: '郑子涵', en: 'Zheng Zihan' },
          title: { zh: '敏捷教练', en: 'Agile coach' },
          specialization: { zh: 'Scrum 与项目管理', en: 'Scrum and project management' },
        },
        {
          name: { zh: '黄一鸣', en: 'Huang Yiming' },
          title: { zh: '解决方案架构师', en: 'Solutions architect' },
          specialization: { zh: 'RAG 与企业知识库', en: 'RAG and enterprise knowledge bases' },
        },
        {
          name: { zh: '林晓雯', en: 'Lin Xiaowen' },
          title: { zh: 'AI 运营专家', en: 'AI operations expert' },
          specialization: { zh: '增长与用户运营', en: 'Growth and user operations' },
        },
      ],
    },
    courses: {
      modules: [
        {
          title: { zh: 'AI 产品经理概览', en: 'AI product management overview' },
          description: { zh: '认识 AI 产品经理的角色与职责，拆解真实岗位 JD，明确学习路线。', en: 'What an AI product manager does, how the roles split, and what real job descriptions ask for.' },
          days: 2,
          keyTopics: [
            { zh: 'AI 产品全景与行业格局', en: 'The AI product landscape' },
            { zh: 'AI 产品经理的角色分工', en: 'Roles of an AI product manager' },
            { zh: '招聘 JD 拆解与能力模型', en: 'Reading job descriptions and skill models' },
          ],
          exercises: [
            { zh: '分析 5 份 AI 产品经理 JD', en: 'Analyse five AI PM job descriptions' },
            { zh: '绘制个人能力差距图', en: 'Map your own skill gaps' },
          ],
        },
        {
          title: { zh: '大模型原理与选型', en: 'Large models: principles and selection' },
          description: {
            zh: '理解大模型的原理、训练流程与评测方法，学会为业务选择合适的模型。',
            en: 'How large models work, how they are trained and evaluated, and how to choose one for a product.',
          },
          days: 6,
          keyTopics: [
            { zh: 'Transformer 与预训练', en: 'Transformers and pre-training' },
            { zh: '微调、RLHF 与训练流程', en: 'Fine-tuning, RLHF and the training pipeline' },
            { zh: '模型评测指标与选型方法', en: 'Evaluation metrics and model selection' },
          ],
          exercises: [
            { zh: '对比评测三款大模型', en: 'Benchmark three large models' },
            { zh: '撰写模型选型报告', en: 'Write a model-selection report' },
          ],
        },
        {
          title: { zh: '智能体与上下文工程', en: 'Agents and context engineering' },
          description: {
            zh: '掌握智能体设计方法、上下文工程与 ReAct 范式，了解 MCP 与 A2A 协议。',
            en: 'Designing agents, context engineering and the ReAct pattern, plus the MCP and A2A protocols.',
          },
          days: 7,
          keyTopics: [
            { zh: '智能体架构与 ReAct', en: 'Agent architecture and ReAct' },
            { zh: '上下文工程与提示设计', en: 'Context engineering and prompt design' },
            { zh: 'MCP 与 A2A 协议', en: 'The MCP and A2A protocols' },
          ],
          exercises: [
            { zh: '设计一个任务型智能体', en: 'Design a task-oriented agent' },
            { zh: '用 MCP 接入外部工具', en: 'Connect an external tool through MCP' },
          ],
        },
        {
          title: { zh: '市场分析与需求文档', en: 'Market analysis and requirements' },
          description: { zh: '学会市场分析与竞品调研，输出 PRD/MRD，梳理模型训练数据流程。', en: 'Market analysis and competitor research, PRD/MRD writing and the model-training data pipeline.' },
          days: 4,
          keyTopics: [
            { zh: '市场分析与竞品调研', en: 'Market and competitor research' },
            { zh: 'PRD / MRD 写作规范', en: 'Writing PRDs and MRDs' },
            { zh: '模型训练数据流程', en: 'The model-training data pipeline' },
          ],
          exercises: [
            { zh: '完成一份竞品分析', en: 'Produce a competitor analysis' },
            { zh: '撰写 AI 功能 PRD', en: 'Write a PRD for an AI feature' },
          ],
        },
        {
          title: { zh: '项目管理', en: 'Project management' },
          description: { zh: '掌握敏捷开发与瀑布模型，学会管理项目进度与跨团队协作。', en: 'Agile and waterfall delivery, managing project progress and cross-team work.' },
          days: 3,
          keyTopics: [
            { zh: '敏捷开发与 Scrum', en: 'Agile development and Scrum' },
            { zh: '瀑布模型与里程碑', en: 'Waterfall and milestones' },
            { zh: '项目进度与风险管理', en: 'Progress and risk management' },
          ],
          exercises: [
            { zh: '模拟一次迭代计划会', en: 'Run a mock sprint planning' },
            { zh: '制定项目甘特图', en: 'Build a project Gantt chart' },
          ],
        },
        {
          title: { zh: '项目实战', en: 'Hands-on projects' },
          description: {
            zh: '分组完成四个真实项目：RAG 知识库、AI 客服、AIGC 应用与智能体平台。',
            en: 'Four real team projects: a RAG knowledge base, AI customer service, an AIGC app and an agent platform.',
          },
          days: 9,
          keyTopics: [
            { zh: 'RAG 知识库', en: 'RAG knowledge base' },
            { zh: 'AI 智能客服', en: 'AI customer service' },
            { zh: 'AIGC 内容生成', en: 'AIGC content generation' },
            { zh: '智能体平台', en: 'Agent platform' },
          ],
          exercises: [
            { zh: '交付可演示的项目原型', en: 'Deliver a working prototype' },
            { zh: '项目路演与导师评审', en: 'Demo day with mentor review' },
          ],
        },
        {
          title: { zh: '职业服务', en: 'Career services' },
          description: { zh: '一对一简历修改、模拟面试与名企内推，帮助你顺利拿到录用通知。', en: 'One-to-one resume revision, mock interviews and referrals to land the offer.' },
          days: 4,
          keyTopics: [
            { zh: '简历与作品集打磨', en: 'Resume and portfolio polish' },
            { zh: '面试技巧与模拟面试', en: 'Interview technique and mock interviews' },
            { zh: '名企内推与谈薪', en: 'Referrals and salary negotiation' },
          ],
          exercises: [
            { zh: '一对一简历修改', en: 'One-to-one resume revision' },
            { zh: '两轮模拟面试', en: 'Two rounds of mock interviews' },
          ],
        },
      ],
    },
    pricing: {
      plans: {
        standard: {
          name: { zh: '标准版', en: 'Standard' },
          description: { zh: '面向个人学员的完整训练营。', en: 'The complete bootcamp for individual students.' },
          price: { zh: '¥{{feeMin}} 起', en: 'From ¥{{feeMin}}' },
          priceSubtext: { zh: '按入学评估确定', en: 'Set by the entry assessment' },
          period: { zh: '/ 期', en: '/ cohort' },
          button: { zh: '立即报名', en: 'Register now' },
          features: [
            { zh: '35 天全日制线下课程', en: '35 days of full-time, in-person classes' },
            { zh: '7 个模块与 4 个实战项目', en: '7 modules and 4 real projects' },
            { zh: '年薪目标协议', en: 'Salary-target agreement' },
            { zh: '一对一就业服务与内推', en: 'One-to-one career services and referrals' },
            { zh: '终身职业咨询', en: 'Lifetime career consulting' },
          ],
        },
        enterprise: {
          name: { zh: '企业版', en: 'Enterprise' },
          description: { zh: '为企业团队定制的 AI 产品能力培训。', en: 'AI product training tailored to your team.' },
          price: { zh: '定制报价', en: 'Custom quote' },
          priceSubtext: { zh: '按团队规模与需求', en: 'By team size and needs' },
          period: { zh: '/ 团队', en: '/ team' },
          button: { zh: '联系我们', en: 'Contact us' },
          features: [
            { zh: '课程内容按业务定制', en: 'Curriculum tailored to your business' },
            { zh: '企业内训或集中集训', en: 'On-site or residential training' },
            { zh: '团队项目辅导', en: "Coaching on your team's projects" },
            { zh: '培训效果评估报告', en: 'Training evaluation report' },
          ],
        },
      },
      promotions,
      note: { zh: '以上优惠最多只能同时享受两项。', en: 'Only two kinds of discount can be combined.' },
    },
    faq: {
      items: [
        {
          question: { zh: '没有技术背景可以参加吗？', en: 'Can I join without a technical background?' },
          answer: {
            zh: '可以。只要具备基本的计算机或数学基础，课程会从原理讲起，并配有导师答疑，计算机、商科、金融、设计专业的学生和传统行业转型者都适合。',
            en: 'Yes. Basic computing or maths knowledge is enough: the course starts from first principles with mentors on hand. Students of computing, business, finance and design, and career changers from traditional industries, all fit.',
          },
        },
        {
          question: { zh: '训练营什么时候开班，学习多久？', en: 'When does it start and how long is it?' },
          answer: {
            zh: '下一期于 {{cohort}}在长沙开班，共 35 天全日制线下学习，分为 7 个模块。',
            en: 'The next cohort starts in {{cohort}} in Changsha: 35 days of full-time, in-person study in seven modules.',
          },
        },
        {
          question: { zh: '年薪目标协议是怎样的？', en: 'How does the salary-target agreement work?' },
          answer: {
            zh: '我们与学员签订目标年薪不低于 20 万的协议；未达成目标的，按协议退款；薪资超出目标 50% 还可获得奖励。',
            en: 'We sign a target annual salary of at least 200k RMB. If it is missed you are refunded per the agreement, and a salary 50% above the target earns a bonus.',
          },
        },
        {
          question: { zh: '费用可以退吗？', en: 'Can I get a refund?' },
          answer: {
            zh: '开课前 7 天以上申请可全额退款；开课后 3 天内申请扣除 10% 费用后退款。费用需在开课前一次性付清，名额不可转让。',
            en: 'Apply more than 7 days before the start for a full refund; within 3 days after the start, 10% is deducted. The fee is paid in full before the start and places are not transferable.',
          },
        },
      ],
    },
    contact: {
      subtitle: { zh: '有任何问题，欢迎随时咨询。', en: 'Questions? We are happy to help.' },
      materials: [
        { zh: '个人简历', en: 'Your resume' },
        { zh: '学历或在读证明', en: 'Your degree or student certificate' },
        { zh: '你的职业目标与期望城市', en: 'Your career goal and preferred city' },
      ],
    },
  };
}
