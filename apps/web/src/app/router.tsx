import { createBrowserRouter } from 'react-router';
import { Root } from './root';
import { AppLayout, PublicLayout } from './layout/layouts';
import { RedirectSignedIn, RequireUser } from './guards';
import { NotFound } from './not-found';

/** The route table of spec §2. Each page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <RedirectSignedIn />,
        children: [
          {
            element: <PublicLayout />,
            children: [{ path: '/', lazy: () => import('@/features/content/routes/landing') }],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: '/login', lazy: () => import('@/features/auth/routes/login') },
          { path: '/auth/continue', lazy: () => import('@/features/auth/routes/continue') },
          { path: '/how-it-works', lazy: () => import('@/features/content/routes/how-it-works') },
          { path: '/select-plan', lazy: () => import('@/features/content/routes/select-plan') },
          { path: '/portfolio', lazy: () => import('@/features/content/routes/portfolio') },
          { path: '/terms', lazy: () => import('@/features/content/routes/terms') },
          { path: '/privacy', lazy: () => import('@/features/content/routes/privacy') },
          { path: '/request-account-deletion', lazy: () => import('@/features/content/routes/request-account-deletion') },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', lazy: () => import('@/features/onboarding/routes/dashboard') },
              { path: '/questionnaire/:subscriptionId', lazy: () => import('@/features/onboarding/routes/questionnaire') },
              { path: '/completion-steps/:subscriptionId', lazy: () => import('@/features/onboarding/routes/completion-steps') },
              { path: '/my-subscriptions', lazy: () => import('@/features/subscriptions/routes/my-subscriptions') },
              { path: '/subscription-details/:subscriptionId', lazy: () => import('@/features/subscriptions/routes/subscription-details') },
              { path: '/checkout', lazy: () => import('@/features/billing/routes/checkout') },
              { path: '/payment-methods', lazy: () => import('@/features/billing/routes/payment-methods') },
              { path: '/payment-history', lazy: () => import('@/features/billing/routes/payment-history') },
              { path: '/account-settings', lazy: () => import('@/features/account/routes/account-settings') },
              { path: '/support', lazy: () => import('@/features/support/routes/support') },
              { path: '/support/chat/:chatId', lazy: () => import('@/features/support/routes/chat') },
              { path: '/create-chat', lazy: () => import('@/features/support/routes/create-chat') },
              { path: '/my-projects', lazy: () => import('@/features/projects/routes/my-projects') },
              { path: '/projects/:projectId', lazy: () => import('@/features/projects/routes/project-details') },
              { path: '/projects', lazy: () => import('@/features/projects/routes/project-details') },
              { path: '/faqs', lazy: () => import('@/features/content/routes/faqs') },
              { path: '/help-guides', lazy: () => import('@/features/content/routes/help-guides') },
            ],
          },
        ],
      },
    ],
  },
]);
