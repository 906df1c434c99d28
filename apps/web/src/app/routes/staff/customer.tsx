import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffCustomer } from '@portal/contracts/staff';
import type { StaffProject } from '@portal/contracts/projects';
import { routes } from '@portal/contracts/routes';
import { Button } from '@/components/ui/button';
import { SectionCard as Section } from '@/components/ui/section-card';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useMayCall } from '@/lib/current-user';
import { useCustomerCards, useCustomerPayments } from '@/features/billing/api/staff-payments';
import { CustomerPayments } from '@/features/billing/components/customer-payments';
import { DisputeBadge } from '@/features/billing/components/dispute-badge';
import { PaymentStatusBadge } from '@/features/billing/components/payment-status-badge';
import { RefundButton } from '@/features/billing/components/refund-button';
import { useStaffProjects } from '@/features/projects/api/staff-projects';
import { ProjectDialog, type ProjectDialogSubject } from '@/features/projects/components/project-form';
import { ReleaseStatusBadge } from '@/features/projects/components/release-status-badge';
import { CustomerPicker } from '@/features/staff/components/customer-picker';
import { useStaffCustomer } from '@/features/staff/api/customers';
import { useStaffChats } from '@/features/support/api/inbox';
import { AuditList } from '@/features/staff/components/audit-list';
import { CustomerMailList } from '@/features/staff/components/customer-mail-list';
import { useCustomerQuestionnaires } from '@/features/onboarding/api/customer-questionnaires';
import { StaffSteps } from '@/features/onboarding/components/step-editor/staff-steps';
import { SubmittedAnswers } from '@/features/onboarding/components/submitted-answers';
import { useCustomerSubscriptions } from '@/features/subscriptions/api/staff-subscriptions';
import { CustomerSubscriptions } from '@/features/subscriptions/components/staff-actions/customer-subscriptions';
import { SubscriptionStatusBadge } from '@/features/subscriptions/components/subscription-status';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /staff/customers/{userId}: everything staff need about one customer, each section read a page at a time. */
export function Component() {
  const userId = useParams().userId ?? '';
  const customer = useStaffCustomer(userId);
  return (
    <QueryState
      query={customer}
      pending="Loading the customer..."
      error={(error) => (error instanceof ApiError && error.status === 404 ? 'Customer not found.' : 'Could not load the customer.')}
    >
      {(data) => <CustomerView data={data} />}
    </QueryState>
  );
}

function CustomerView({ data }: { data: StaffCustomer }) {
  const { profile } = data;
  return (
    <Page title={profile.name || profile.email}>
      <div className="grid grid-cols-1 gap-4">
        <Section title="Profile">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div><dt className="text-slate-600">E-mail</dt><dd className="font-medium">{profile.email}</dd></div>
            <div><dt className="text-slate-600">Phone</dt><dd className="font-medium">{profile.phone ?? '—'}</dd></div>
            <div><dt className="text-slate-600">Joined</dt><dd className="font-medium">{formatShortDate(profile.joinedTimestamp)}</dd></div>
            <div><dt className="text-slate-600">Active subscriptions</dt><dd className="font-medium">{profile.activeSubscriptions}</dd></div>
          </dl>
        </Section>
        <CustomerSubscriptionSections userId={profile.id} />
        <CustomerCards userId={profile.id} />
        <Section title="Payments">
          <CustomerPaymentList userId={profile.id} />
        </Section>
        <Section title="Questionnaire answers">
          <CustomerQuestionnaires userId={profile.id} />
        </Section>
        <CustomerProjects customer={{ id: profile.id, name: profile.name, email: profile.email }} />
        <Section title="Chats">
          <CustomerChats userId={profile.id} />
        </Section>
        <Section title="E-mails">
          <CustomerMailList userId={profile.id} />
        </Section>
        <Section title="Audit log">
          <AuditList userId={profile.id} />
        </Section>
      </div>
    </Page>
  );
}

/** The customer's projects: each name opens the project, and a new one starts with this customer picked. */
function CustomerProjects({ customer }: { customer: StaffProject['customer'] }) {
  const projects = useStaffProjects({ ownerId: customer.id });
  const [editing, setEditing] = useState<ProjectDialogSubject | null>(null);
  return (
    <Section title="Projects" action={<Button variant="secondary" onClick={() => setEditing({ forCustomer: customer })}>Start a project</Button>}>
      <QueryState query={projects} pending="Loading projects..." error="Could not load the projects." empty="No projects.">
        {(list) => (
          <>
            <ul className="space-y-1 text-sm" aria-label="Projects">
              {list.map((project) => (
                <li key={project.projectId} className="flex flex-wrap items-center gap-2">
                  <button type="button" className="min-w-0 break-words text-left font-medium text-brand-700 underline" onClick={() => setEditing({ project })}>
                    {project.projectName}
                  </button>
                  <ReleaseStatusBadge status={project.releaseStatus} />
                </li>
              ))}
            </ul>
            <LoadMore list={projects} label="Load more projects" className="mt-3" />
          </>
        )}
      </QueryState>
      <ProjectDialog subject={editing} customerPicker={CustomerPicker} onClose={() => setEditing(null)} />
    </Section>
  );
}

function CustomerChats({ userId }: { userId: string }) {
  const chats = useStaffChats({ customerId: userId });
  return (
    <QueryState query={chats} pending="Loading chats..." error="Could not load the chats." empty="No chats.">
      {(list) => (
        <>
          <ul className="space-y-1 text-sm">
            {list.map((chat) => (
              <li key={chat.id}>
                <Link to={paths.staffChat(chat.id)} className="text-brand-700 underline">
                  {chat.reason}
                </Link>{' '}
                · {chat.status} · {chat.lastMessage}
              </li>
            ))}
          </ul>
          <LoadMore list={chats} label="Load more chats" className="mt-3" />
        </>
      )}
    </QueryState>
  );
}

/** The subscriptions with their billing actions, and their setup steps: both read the same pages. */
function CustomerSubscriptionSections({ userId }: { userId: string }) {
  const subscriptions = useCustomerSubscriptions(userId);
  return (
    <>
      <Section title="Subscriptions">
        <QueryState query={subscriptions} pending="Loading subscriptions..." error="Could not load the subscriptions." empty="No subscriptions.">
          {(list) => (
            <>
              <CustomerSubscriptions subscriptions={list} status={(s) => <SubscriptionStatusBadge subscription={s} />} />
              <LoadMore list={subscriptions} label="Load more subscriptions" className="mt-3" />
            </>
          )}
        </QueryState>
      </Section>
      <Section title="Completion steps">
        <QueryState query={subscriptions} pending="Loading steps..." error="Could not load the steps." empty="No subscriptions, so no steps.">
          {(list) => (
            <>
              <div className="space-y-6">
                {list.map((s) => (
                  <StaffSteps key={s.id} subscriptionId={s.id} serviceTitle={s.serviceTitle} />
                ))}
              </div>
              <LoadMore list={subscriptions} label="Load the steps of more subscriptions" className="mt-3" />
            </>
          )}
        </QueryState>
      </Section>
    </>
  );
}

function CustomerCards({ userId }: { userId: string }) {
  const cards = useCustomerCards(userId);
  return (
    <Section title="Cards">
      <QueryState query={cards} pending="Loading cards..." error="Could not load the cards." empty="No saved cards." isEmpty={(data) => data.cards.length === 0}>
        {({ cards: list, defaultCardId }) => (
          <>
            <ul className="space-y-1 text-sm" aria-label="Cards">
              {list.map((card) => (
                <li key={card.id}>
                  {card.brand ?? 'Card'} •••• {card.last4 ?? '????'} · {card.expMonth && card.expYear ? `${card.expMonth}/${card.expYear} · ` : ''}
                  {card.status}
                  {card.id === defaultCardId && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">Default</span>}
                </li>
              ))}
            </ul>
            <LoadMore list={cards} label="Load more cards" className="mt-3" />
          </>
        )}
      </QueryState>
    </Section>
  );
}

/** Payments with what was refunded of each, and a refund beside each one that has something left. */
function CustomerPaymentList({ userId }: { userId: string }) {
  const payments = useCustomerPayments(userId);
  // Refunds are an admin's (the route's permission); agents read the payments.
  const mayRefund = useMayCall(routes.billing.refundPayment);
  return (
    <QueryState query={payments} pending="Loading payments..." error="Could not load the payments.">
      {(list) => (
        <>
          <CustomerPayments
            payments={list}
            status={(payment) => (
              <>
                <PaymentStatusBadge status={payment.status} />
                <DisputeBadge dispute={payment.dispute} />
              </>
            )}
            action={mayRefund ? (payment) => <RefundButton payment={payment} /> : undefined}
          />
          <LoadMore list={payments} label="Load more payments" className="mt-3" />
        </>
      )}
    </QueryState>
  );
}

function CustomerQuestionnaires({ userId }: { userId: string }) {
  const questionnaires = useCustomerQuestionnaires(userId);
  return (
    <QueryState query={questionnaires} pending="Loading answers..." error="Could not load the answers." empty="No questionnaire submitted.">
      {(list) => (
        <>
          {list.map((form) => (
            <div key={form.subscriptionId} className="mb-4">
              <h3 className="font-semibold">
                {form.serviceTitle} <span className="text-sm font-normal text-slate-600">submitted {formatShortDate(form.submittedTimestamp)}</span>
              </h3>
              <SubmittedAnswers answers={form.answers} className="mt-2" />
            </div>
          ))}
          <LoadMore list={questionnaires} label="Load more answers" className="mt-3" />
        </>
      )}
    </QueryState>
  );
}
