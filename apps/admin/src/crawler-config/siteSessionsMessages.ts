/**
 * The site-sessions card's wording (docs/product/crawler.md#site-sessions), under `aipm.site_sessions`. zh is the
 * reference.
 */
export const zhSiteSessionsMessages = {
  title: '站点登录会话',
  hint: '运营人员在后台登录各站点后保存的会话（Cookie 与站点的本地存储），加密保存；抓取该站点时优先使用，没有会话时使用上方粘贴的 Cookie。',
  refresh: '刷新',
  refresh_label: '刷新站点登录会话',
  load_failed: '登录会话加载失败：%{message}',
  states: { stored: '已保存', missing: '未保存', unreadable: '未保存（已存的会话无法用当前密钥解密，不会使用）' },
  chips: { stored: '已保存', missing: '未保存', unreadable: '无法解密' },
  state: '状态',
  age: '保存于',
  age_value: '%{at}（%{days} 天前）',
  last_success: '最近成功',
  last_refusal: '最近被拒',
  never: '无',
  delete: '删除',
  delete_label: '删除%{site}的登录会话',
  confirm_delete_title: '删除登录会话',
  confirm_delete: '删除%{site}的登录会话？之后抓取将以未登录身份访问该站点。',
  deleted: '已删除登录会话',
  delete_failed: '删除登录会话失败：%{message}',
};

export const enSiteSessionsMessages: typeof zhSiteSessionsMessages = {
  title: 'Site sign-in sessions',
  hint: "Sessions an operator signed in to in the back office (cookies and the site's local storage), stored encrypted; a crawl of the site uses its session first, and the cookie pasted above when there is none.",
  refresh: 'Refresh',
  refresh_label: 'Refresh site sign-in sessions',
  load_failed: 'The sign-in sessions could not be loaded: %{message}',
  states: { stored: 'Stored', missing: 'Not stored', unreadable: 'Not stored (the stored session does not open with the current key and is not used)' },
  chips: { stored: 'Stored', missing: 'Not stored', unreadable: 'Unreadable' },
  state: 'State',
  age: 'Stored on',
  age_value: '%{at} (%{days} days ago)',
  last_success: 'Last success',
  last_refusal: 'Last refusal',
  never: 'None',
  delete: 'Delete',
  delete_label: 'Delete the sign-in session of %{site}',
  confirm_delete_title: 'Delete sign-in session',
  confirm_delete: "Delete the sign-in session of %{site}? Crawls will then visit the site signed out.",
  deleted: 'Sign-in session deleted',
  delete_failed: 'The sign-in session could not be deleted: %{message}',
};
