import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';
import { FollowUpReminders } from '../follow-ups/FollowUpReminders';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {/* Reminders of follow-ups falling due, wherever the administrator is in the back office. */}
      <FollowUpReminders />
      <Layout appBar={AdminAppBar} menu={AdminMenu}>
        {children}
      </Layout>
    </>
  );
}
