/*
 * PIPL actions on one person (docs/product/back-office.md#personal-data): a masked phone shown in full, and a copy of
 * their data.
 */

export const zhPeopleMessages = {
  reveal: {
    button: '显示',
    label: '显示完整手机号码（将记入操作日志）',
    hide: '隐藏',
    hide_label: '隐藏完整手机号码',
    failed: '无法显示手机号码：%{message}',
  },
  export: {
    button: '导出此人全部数据',
    success: '已导出 %{file}：%{registrations} 条注册信息，%{messages} 条咨询消息，%{students} 名学员',
    failed: '导出失败：%{message}',
  },
  phone_edit_hint: '号码已隐藏；如需修改，请输入完整的新号码',
};

export const enPeopleMessages: typeof zhPeopleMessages = {
  reveal: {
    button: 'Show',
    label: 'Show the full mobile number (recorded in the audit log)',
    hide: 'Hide',
    hide_label: 'Hide the full mobile number',
    failed: 'Could not show the number: %{message}',
  },
  export: {
    button: 'Export all of this person’s data',
    success: 'Exported %{file}: %{registrations} registrations, %{messages} messages, %{students} students',
    failed: 'Export failed: %{message}',
  },
  phone_edit_hint: 'The number is hidden; to change it, type the full new number',
};
