/**
 * The share-settings section's wording (`aipm.wechat_share.*` and its resource), added to the catalogue in
 * ../firstSectionMessages.ts.
 */
export const zhWechatShareMessages = {
  tab: '微信分享',
  phone_tab: '电话通知',
  settings_tabs: '通知设置分类',
  intro: '设置页面在微信中分享给好友或朋友圈时显示的标题、描述和图片。没有设置的页面分享时使用页面自身的标题、描述和 Open Graph 图片。',
  empty: '暂无分享设置，页面将使用自身的标题、描述和图片分享',
  page_url_help: '本站页面的完整地址，例如 https://www.example.cn/；查询参数和 # 之后的部分不计入',
  image_url_help: '建议使用 https 地址的正方形图片（至少 300×300 像素）',
  preview: '图片预览',
  characters: '%{count}/%{max} 字',
};

export const enWechatShareMessages: typeof zhWechatShareMessages = {
  tab: 'WeChat sharing',
  phone_tab: 'Phone notifications',
  settings_tabs: 'Notification settings sections',
  intro: 'The title, description and image a page shows when shared to WeChat friends or Moments. A page without settings shares its own title, description and Open Graph image.',
  empty: 'No share settings yet: pages share their own title, description and image',
  page_url_help: 'The full address of a page of this site, e.g. https://www.example.cn/; the query and anything after # are ignored',
  image_url_help: 'Preferably a square https image (at least 300×300 pixels)',
  preview: 'Image preview',
  characters: '%{count}/%{max} characters',
};

export const zhWechatShareResource = {
  name: '微信分享设置',
  fields: { pageUrl: '页面URL', title: '分享标题', description: '分享描述', imageUrl: '分享图片URL', updatedAt: '更新时间', createdAt: '创建时间' },
};

export const enWechatShareResource: typeof zhWechatShareResource = {
  name: 'WeChat share settings',
  fields: { pageUrl: 'Page URL', title: 'Share title', description: 'Share description', imageUrl: 'Share image URL', updatedAt: 'Updated', createdAt: 'Created' },
};
