import { CONTACT_SUBJECT_LABELS, LEAD_STATUS_LABELS, MESSAGE_STATUS_LABELS } from '@aipm/contracts';


/**
 * The back office's own wording, under `aipm.*` beside react-admin's `ra.*`. zh is the reference
 * (docs/product/README.md#citing-these-documents). Only react-admin shows it (i18nProvider.ts); the login page's
 * wording is login-messages.ts.
 */
export const zhAppMessages = {
  aipm: {
    title: 'AI 产品经理训练营 · 管理后台',
    verifying: '正在验证管理员权限...',
    dashboard: {
      title: '管理后台',
      welcome: '欢迎，%{email}',
      stats: {
        total_registrations: '总注册数',
        total_messages: '咨询消息',
        today_registrations: '今日注册',
        load_failed: '统计数据加载失败',
      },
    },
    menu: {
      registrations: '学员注册',
      students: '学员管理',
      messages: '咨询消息',
      crawler: '招聘爬虫',
      published_jobs: '已发布职位',
      phone_config: '通知设置',
      crawler_config: '爬虫配置',
    },
    placeholder: '该功能正在开发中',
    leads: {
      status: LEAD_STATUS_LABELS,
      message_status_new: MESSAGE_STATUS_LABELS.new,
      subjects: CONTACT_SUBJECT_LABELS,
      empty: {
        registrations: '暂无注册信息',
        messages: '暂无咨询消息',
      },
      filters: {
        search_registrations: '搜索姓名、手机、邮箱、学校',
        search_messages: '搜索姓名、手机、邮箱、内容',
        created_from: '起始日期',
        created_to: '截止日期',
      },
      columns: {
        contact: '联系方式',
        school_major: '学校 / 专业',
      },
      repeat: '重复提交 %{count} 次',
      last_repeat: '最近一次重复提交：%{date}',
      details: '详细信息',
      follow_up: '跟进记录',
      source: '来源',
      no_source: '直接访问',
      agreement: '协议同意',
      agreement_value: '版本 %{version}，%{date}，IP %{ip}',
      export: 'CSV 导出',
      enrol: {
        button: '转为学员',
        view_student: '查看学员',
      },
      erase: {
        button: '删除此人全部记录',
        title: '删除此联系人的全部记录？',
        content: '将永久删除 %{who} 的全部注册信息、咨询消息和学员记录（含合同、缴费、考勤、就业结果及证明材料等文件；个人信息保护法删除请求），此操作不可恢复。',
        confirm: '永久删除',
        success: '已删除该联系人的全部记录：%{registrations} 条注册信息，%{messages} 条咨询消息，%{students} 名学员（含合同、缴费、账户和文件）',
        failed: '删除失败：%{message}',
      },
    },
    logout: {
      button: '退出登录',
      success: '登出成功：您已成功登出管理后台',
      failed: '登出失败：登出时发生错误，请稍后重试',
    },
    password: {
      button: '修改密码',
      title: '修改密码',
      first_time_title: '设置新密码',
      first_time_hint: '首次登录，请将初始密码更换为您自己的新密码',
      current: '当前密码',
      first_time_current: '初始密码',
      new: '新密码',
      confirm: '确认新密码',
      submit: '确认修改',
      first_time_submit: '设置密码',
      cancel: '取消',
      required: '请填写所有必填字段',
      too_short: '新密码至少需要8位字符',
      mismatch: '新密码和确认密码不一致',
      success: '密码修改成功',
      failed: '密码修改失败',
    },
  },
  resources: {
    registrations: {
      name: '学员注册',
      fields: {
        name: '姓名',
        phone: '手机号码',
        email: '邮箱',
        school: '学校',
        major: '专业',
        goals: '学习目标',
        createdAt: '报名时间',
        status: '状态',
        note: '备注',
        followUpAt: '跟进日期',
        repeatCount: '重复提交',
      },
    },
    messages: {
      name: '咨询消息',
      fields: {
        name: '姓名',
        phone: '手机号码',
        email: '邮箱',
        subject: '咨询主题',
        message: '咨询内容',
        createdAt: '提交时间',
        status: '状态',
        note: '备注',
        followUpAt: '跟进日期',
      },
    },
  },
};
