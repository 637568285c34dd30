import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { VerifyingPermission } from '../auth/VerifyingPermission';
import { FollowUpReminders } from '../follow-ups/FollowUpReminders';
import { LaterWordingGate } from '../sections/laterWording';
import { AdminMenu } from './AdminMenu';
import { ScreenAfterLayout } from './ScreenAfterLayout';
import { NoLayoutAppBar } from './SignedInHeader';
import { useAfterMount } from './useAfterMount';

export function AdminLayout({ children }: { children: ReactNode }) {
  // The session check's answer renders the permission line a moment longer, and the layout in a transition, in
  // slices, instead of in the answer's own synchronous task (ADR 079).
  if (!useAfterMount()) return <VerifyingPermission />;
  return (
    <>
      {/* Reminders of follow-ups falling due, wherever the administrator is in the back office. */}
      <FollowUpReminders />
      <Layout appBar={NoLayoutAppBar} menu={AdminMenu}>
        {/* The screen after the header's first frame (ADR 079); one whose wording is not in react-admin's chunk waits for it (ADR 079). */}
        <ScreenAfterLayout>
          <LaterWordingGate>{children}</LaterWordingGate>
        </ScreenAfterLayout>
      </Layout>
    </>
  );
}
