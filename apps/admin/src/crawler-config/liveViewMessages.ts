/** The live view's wording (docs/product/crawler.md#live-view), under `aipm.live_view`. zh is the reference. */
export const zhLiveViewMessages = {
  open: '登录',
  open_label: '在实时画面中登录%{site}',
  title: '登录%{site}（抓取服务器上的浏览器）',
  hint: '这是抓取服务器上浏览器的实时画面：可点击、拖动、滚动；选中画面后键入的文字、回车、退格、Tab 和方向键会发送到网页，按 Esc 离开画面。可用手机扫描二维码，或输入账号、密码和短信验证码。登录后点“完成并保存”。',
  opening: '正在打开浏览器…',
  closing: '正在保存登录会话…',
  ended: '实时画面已关闭',
  picture: '%{site}的实时画面',
  picture_alt: '%{site}当前页面：%{url}',
  done: '完成并保存',
  close: '关闭',
  stored: '已保存%{site}的登录会话（%{cookies} 个 Cookie）',
  not_stored: '%{site}的登录会话未保存',
};

export const enLiveViewMessages: typeof zhLiveViewMessages = {
  open: 'Sign in',
  open_label: 'Sign in to %{site} in the live view',
  title: 'Sign in to %{site} (the browser on the crawl server)',
  hint: 'A live picture of the browser on the crawl server: click, drag and scroll on it; with the picture focused, typed text, Enter, Backspace, Tab and the arrow keys go to the page, and Esc leaves the picture. Scan the QR code with a phone, or type the account, password and SMS code. Once signed in, choose Done and save.',
  opening: 'Opening the browser…',
  closing: 'Saving the sign-in session…',
  ended: 'The live view has closed',
  picture: 'Live picture of %{site}',
  picture_alt: 'The current page of %{site}: %{url}',
  done: 'Done and save',
  close: 'Close',
  stored: 'The sign-in session of %{site} is saved (%{cookies} cookies)',
  not_stored: 'The sign-in session of %{site} was not saved',
};
