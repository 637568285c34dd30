import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** What the browser allows: unsupported where it has no Notification API (reminders are toasts then). */
type Permission = NotificationPermission | 'unsupported';
const permissionNow = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * 开启桌面提醒: the browser asks only after a click, so reminders are toasts until the administrator allows desktop
 * notifications here (docs/product/back-office.md#reminders).
 */
export function NotificationPermissionButton() {
  const translate = useTranslate();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <Typography variant="caption" color="text.secondary">
        {translate('aipm.follow_ups.today.notifications_on')}
      </Typography>
    );
  if (permission === 'denied')
    return (
      <Typography variant="caption" color="text.secondary">
        {translate('aipm.follow_ups.today.notifications_blocked')}
      </Typography>
    );
  return (
    <Button size="small" onClick={() => void Notification.requestPermission().then(setPermission)}>
      {translate('aipm.follow_ups.today.enable_notifications')}
    </Button>
  );
}
