import type { FastifyInstance } from 'fastify';

/** Absolute links into the portal for e-mails (the web's lib/paths.ts has the same page patterns). */
export const portalLinks = (app: Pick<FastifyInstance, 'config'>) => {
  const base = app.config.publicUrl;
  const at = (path: string) => `${base}${path}`;
  return {
    paymentHistory: () => at('/payment-history'),
    subscriptionDetails: (id: string) => at(`/subscription-details/${encodeURIComponent(id)}`),
    paymentMethods: () => at('/payment-methods'),
    supportChat: (id: string) => at(`/support/chat/${encodeURIComponent(id)}`),
    projectDetails: (id: string) => at(`/projects/${encodeURIComponent(id)}`),
    accountSettings: () => at('/account-settings'),
    confirmDeletion: (token: string) => at(`/request-account-deletion/confirm?token=${encodeURIComponent(token)}`),
    requestAccountDeletion: () => at('/request-account-deletion'),
    staffInvitation: (token: string) => at(`/staff-invitation?token=${encodeURIComponent(token)}`),
    staffCustomer: (userId: string) => at(`/staff/customers/${encodeURIComponent(userId)}`),
    staffInbox: () => at('/staff'),
    staffChat: (chatId: string) => at(`/staff/chats/${encodeURIComponent(chatId)}`),
    staffProject: (projectId: string) => at(`/staff/projects/${encodeURIComponent(projectId)}`),
    staffAlertSettings: () => at('/staff/inbox-settings'),
  };
};
