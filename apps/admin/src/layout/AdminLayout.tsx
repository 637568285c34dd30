import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';
import { FollowUpReminders } from '../follow-ups/FollowUpReminders';
import { LaterWordingGate } from '../sections/laterWording';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {/* Reminders of follow-ups falling due, wherever the administrator is in the back office. */}
      <FollowUpReminders />
      <Layout appBar={AdminAppBar} menu={AdminMenu}>
        {/* A screen whose wording is not in react-admin's chunk waits for it here (ADR 079). */}
        <LaterWordingGate>{children}</LaterWordingGate>
      </Layout>
    </>
  );
}
