/**
 * Every page of spec §2: its URL pattern (which the router registers) and a typed builder for links to it.
 * `paths.subscriptionDetails(id)` gives `/subscription-details/<id>`; no page URL is written anywhere else.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];
type Strings<Names extends string[]> = { [K in keyof Names]: string };
type ParamValues<P extends string> = Strings<ParamNames<P>>;

/** A page: called with its parameters in pattern order, each URL-encoded. */
function page<const P extends string>(pattern: P) {
  const build = (...values: ParamValues<P>) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent((values as string[])[next++]!));
  };
  return Object.assign(build, { pattern });
}

/** A page that also reads a query string; its parameters are written in the order given, unset ones left out. */
function pageWithQuery<const P extends string, Q extends Record<string, string | undefined>>(pattern: P) {
  const build = (query: Q = {} as Q) => {
    const pairs = Object.entries(query).filter((pair): pair is [string, string] => pair[1] !== undefined);
    const search = pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
    return `${pattern}${search ? `?${search}` : ''}`;
  };
  return Object.assign(build, { pattern });
}

export const paths = {
  home: page('/'),
  login: pageWithQuery<'/login', { plan?: string; fromCheckout?: '1'; error?: string }>('/login'),
  authContinue: page('/auth/continue'),
  howItWorks: page('/how-it-works'),
  selectPlan: page('/select-plan'),
  portfolio: page('/portfolio'),
  terms: page('/terms'),
  privacy: page('/privacy'),
  requestAccountDeletion: page('/request-account-deletion'),
  dashboard: page('/dashboard'),
  questionnaire: page('/questionnaire/:subscriptionId'),
  completionSteps: page('/completion-steps/:subscriptionId'),
  mySubscriptions: page('/my-subscriptions'),
  subscriptionDetails: page('/subscription-details/:subscriptionId'),
  checkout: pageWithQuery<'/checkout', { plan: string; mode?: string; subscriptionId?: string }>('/checkout'),
  paymentMethods: page('/payment-methods'),
  paymentHistory: page('/payment-history'),
  accountSettings: page('/account-settings'),
  support: page('/support'),
  supportChat: page('/support/chat/:chatId'),
  createChat: page('/create-chat'),
  myProjects: page('/my-projects'),
  projects: page('/projects'),
  projectDetails: page('/projects/:projectId'),
  projectStoreListing: page('/projects/:projectId/store-listing'),
  faqs: page('/faqs'),
  helpGuides: page('/help-guides'),
  confirmAccountDeletion: pageWithQuery<'/request-account-deletion/confirm', { token?: string }>('/request-account-deletion/confirm'),
  staffInbox: page('/staff'),
  staffChat: page('/staff/chats/:chatId'),
  staffCustomers: page('/staff/customers'),
  staffCustomer: page('/staff/customers/:userId'),
  staffProjects: page('/staff/projects'),
  staffProject: page('/staff/projects/:projectId'),
  forgotPassword: page('/forgot-password'),
  resetPassword: pageWithQuery<'/reset-password', { token?: string; error?: string }>('/reset-password'),
  emailVerified: pageWithQuery<'/email-verified', { new?: '1'; plan?: string; fromCheckout?: '1'; error?: string }>('/email-verified'),
  staffDeletionRequests: page('/staff/deletion-requests'),
  staffPlans: page('/staff/plans'),
  staffContent: page('/staff/content'),
  staffOverview: page('/staff/overview'),
  staffTeam: page('/staff/team'),
  staffAudit: page('/staff/audit'),
  twoFactorSetup: page('/two-factor-setup'),
  staffInvitation: pageWithQuery<'/staff-invitation', { token?: string }>('/staff-invitation'),
  staffFaqs: page('/staff/faqs'),
  staffHelpGuides: page('/staff/help-guides'),
  staffPromoCodes: page('/staff/promo-codes'),
  staffStepTemplates: page('/staff/step-templates'),
  staffStageTemplates: page('/staff/stage-templates'),
  staffBanners: page('/staff/banners'),
  staffPortfolio: page('/staff/portfolio'),
  staffTrustedBy: page('/staff/trusted-by'),
  staffQuestionnaire: page('/staff/questionnaire'),
  staffSavedReplies: page('/staff/saved-replies'),
  staffInboxSettings: page('/staff/inbox-settings'),
} as const;
