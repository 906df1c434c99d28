import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { StatusMessage } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { queryClient } from './query-client';
import { Root } from './root';
import { AppLayout, ConsoleLayout, PublicLayout } from './layout/layouts';
import { RedirectSignedIn, RequireStaff, RequireUser } from './guards';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

const pageLoading = <StatusMessage>Loading...</StatusMessage>;

type PageModule = () => Promise<Pick<RouteObject, 'Component'>>;
/** Starts the reads a page shows first, in the app's query cache; the page's own hooks then find them under way. */
type PageReads = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/**
 * A page of the table: its URL from `paths`, its code loaded when first visited, its own error element, and the
 * reads it shows first, started by its loader beside its code instead of once that code has loaded and rendered.
 * The loader does not wait for them: the page shows its own loading state as before, only sooner done.
 */
const page = (path: { pattern: string }, load: PageModule, reads?: PageReads): RouteObject => ({
  path: path.pattern,
  lazy: load,
  // On the first load of the app, the frame (header, footer) shows with this in place of the page while its code
  // comes; without it nothing at all would show until then.
  hydrateFallbackElement: pageLoading,
  ...(reads && {
    loader: ({ params }) => {
      // A failed early read is the page's to show: its hook reads again and shows the error as it always has.
      reads(queryClient, params).catch(() => undefined);
      return null;
    },
  }),
  errorElement: <RouteError />,
});

const dashboardReads: PageReads = (client) =>
  Promise.all([
    import('@/features/onboarding/api/dashboard').then((m) => m.primeDashboard(client)),
    import('@/features/plans/api/plans').then((m) => m.primePlans(client)),
    import('@/features/subscriptions/api/subscriptions').then((m) => m.primeActiveSubscriptions(client)),
  ]);
const subscriptionsReads: PageReads = (client) => import('@/features/subscriptions/api/subscriptions').then((m) => m.primeSubscriptions(client));
const paymentsReads: PageReads = (client) => import('@/features/billing/api/payments').then((m) => m.primePayments(client));
const chatReads: PageReads = (client, { chatId = '' }) => import('@/features/support/api/chats').then((m) => m.primeChat(client, chatId));

/** The route table of spec §2. Each page is its own chunk under `app/routes`. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RedirectSignedIn />,
        children: [{ element: <PublicLayout />, children: [page(paths.home, () => import('./routes/content/landing'))] }],
      },
      {
        element: <PublicLayout />,
        children: [
          page(paths.login, () => import('./routes/auth/login')),
          page(paths.authContinue, () => import('./routes/auth/continue')),
          page(paths.howItWorks, () => import('./routes/content/how-it-works')),
          page(paths.selectPlan, () => import('./routes/content/select-plan')),
          page(paths.portfolio, () => import('./routes/content/portfolio')),
          page(paths.terms, () => import('./routes/content/terms')),
          page(paths.privacy, () => import('./routes/content/privacy')),
          page(paths.requestAccountDeletion, () => import('./routes/content/request-account-deletion')),
          page(paths.confirmAccountDeletion, () => import('./routes/content/confirm-account-deletion')),
          page(paths.forgotPassword, () => import('./routes/auth/forgot-password')),
          page(paths.resetPassword, () => import('./routes/auth/reset-password')),
          page(paths.emailVerified, () => import('./routes/auth/email-verified')),
          page(paths.staffInvitation, () => import('./routes/auth/staff-invitation')),
          { path: '*', element: <NotFound />, errorElement: <RouteError /> },
        ],
      },
      {
        // Staff set up their second factor here before anything of the console (decision 0050).
        element: <RequireUser />,
        children: [{ element: <PublicLayout />, children: [page(paths.twoFactorSetup, () => import('./routes/auth/two-factor-setup'))] }],
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [
              page(paths.dashboard, () => import('./routes/onboarding/dashboard'), dashboardReads),
              page(paths.questionnaire, () => import('./routes/onboarding/questionnaire')),
              page(paths.completionSteps, () => import('./routes/onboarding/completion-steps')),
              page(paths.mySubscriptions, () => import('./routes/subscriptions/my-subscriptions'), subscriptionsReads),
              page(paths.subscriptionDetails, () => import('./routes/subscriptions/subscription-details')),
              page(paths.checkout, () => import('./routes/billing/checkout')),
              page(paths.paymentMethods, () => import('./routes/billing/payment-methods')),
              page(paths.paymentHistory, () => import('./routes/billing/payment-history'), paymentsReads),
              page(paths.accountSettings, () => import('./routes/account/account-settings')),
              page(paths.support, () => import('./routes/support/support')),
              page(paths.supportChat, () => import('./routes/support/chat'), chatReads),
              page(paths.createChat, () => import('./routes/support/create-chat')),
              page(paths.myProjects, () => import('./routes/projects/my-projects')),
              page(paths.projectDetails, () => import('./routes/projects/project-details')),
              page(paths.projectStoreListing, () => import('./routes/projects/store-listing')),
              page(paths.projects, () => import('./routes/projects/project-details')),
              page(paths.faqs, () => import('./routes/content/faqs')),
              page(paths.helpGuides, () => import('./routes/content/help-guides')),
            ],
          },
        ],
      },
      {
        // The staff console: its own chunks, loaded only by staff.
        element: <RequireStaff />,
        children: [
          {
            element: <ConsoleLayout />,
            children: [
              {
                path: paths.staffInbox.pattern,
                lazy: () => import('./routes/staff/staff-layout'),
                hydrateFallbackElement: pageLoading,
                errorElement: <RouteError />,
                children: [
                  {
                    lazy: () => import('./routes/staff/inbox'),
                    errorElement: <RouteError />,
                    children: [
                      { index: true, lazy: () => import('./routes/staff/no-chat') },
                      page(paths.staffChat, () => import('./routes/staff/conversation')),
                    ],
                  },
                  page(paths.staffCustomers, () => import('./routes/staff/customers')),
                  page(paths.staffCustomer, () => import('./routes/staff/customer')),
                  page(paths.staffProjects, () => import('./routes/staff/projects')),
                  page(paths.staffProject, () => import('./routes/staff/project')),
                  page(paths.staffDeletionRequests, () => import('./routes/staff/deletion-requests')),
                  page(paths.staffPlans, () => import('./routes/staff/plans')),
                  page(paths.staffContent, () => import('./routes/staff/content')),
                  page(paths.staffOverview, () => import('./routes/staff/overview')),
                  page(paths.staffTeam, () => import('./routes/staff/team')),
                  page(paths.staffAudit, () => import('./routes/staff/audit')),
                  page(paths.staffFaqs, () => import('./routes/staff/faqs')),
                  page(paths.staffHelpGuides, () => import('./routes/staff/help-guides')),
                  page(paths.staffPromoCodes, () => import('./routes/staff/promo-codes')),
                  page(paths.staffStepTemplates, () => import('./routes/staff/step-templates')),
                  page(paths.staffStageTemplates, () => import('./routes/staff/stage-templates')),
                  page(paths.staffBanners, () => import('./routes/staff/banners')),
                  page(paths.staffPortfolio, () => import('./routes/staff/portfolio')),
                  page(paths.staffTrustedBy, () => import('./routes/staff/trusted-by')),
                  page(paths.staffQuestionnaire, () => import('./routes/staff/questionnaire')),
                  page(paths.staffSavedReplies, () => import('./routes/staff/saved-replies')),
                  page(paths.staffInboxSettings, () => import('./routes/staff/inbox-settings')),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
