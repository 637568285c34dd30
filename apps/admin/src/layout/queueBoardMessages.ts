/**
 * The menu's link to Bull Board (docs/product/crawler.md#queue-board), under `aipm.queue_board`: the react-admin
 * chunk only.
 */
export const zhQueueBoardMessages = {
  menu: '任务队列',
  opens_new_tab: '任务队列（在新标签页打开）',
};

export const enQueueBoardMessages: typeof zhQueueBoardMessages = {
  menu: 'Job queues',
  opens_new_tab: 'Job queues (opens in a new tab)',
};
