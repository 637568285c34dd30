/** The back office's own wording, under `aipm.*` beside react-admin's `ra.*`. zh is the reference. */
export const zhAppMessages = {
  aipm: {
    title: 'AI 产品经理训练营 · 管理后台',
    back_to_site: '返回首页',
    dashboard: {
      title: '管理后台',
      welcome: '欢迎使用 AI 产品经理训练营管理后台',
      placeholder: '学员、缴费、合同文件、职位爬虫与通知设置等功能将陆续在此上线。',
    },
    login: {
      title: '管理员登录',
      placeholder: '登录功能即将上线。',
    },
  },
};

export const enAppMessages: typeof zhAppMessages = {
  aipm: {
    title: 'AI Product Manager Bootcamp · Admin',
    back_to_site: 'Back to home',
    dashboard: {
      title: 'Admin',
      welcome: 'Welcome to the AI Product Manager Bootcamp back office',
      placeholder: 'Students, payments, contract files, job crawling and notification settings will appear here.',
    },
    login: {
      title: 'Administrator login',
      placeholder: 'Login is coming soon.',
    },
  },
};
