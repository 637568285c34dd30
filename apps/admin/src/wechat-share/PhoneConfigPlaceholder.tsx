import { SectionPlaceholder } from '../sections/SectionPlaceholder';
import { NotificationSettingsTabs } from './NotificationSettingsTabs';

/** 通知设置 until its phone providers land (issue 15): the sub-tabs, so WeChat sharing is reachable from the menu. */
export function PhoneConfigPlaceholder({ labelKey }: { labelKey: string }) {
  return (
    <>
      <NotificationSettingsTabs current="phone-config" />
      <SectionPlaceholder labelKey={labelKey} />
    </>
  );
}
