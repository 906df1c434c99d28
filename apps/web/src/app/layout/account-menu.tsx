import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut } from 'lucide-react';
import type { Me } from '@portal/contracts/auth';
import { Avatar } from '@/components/ui/avatar';
import { signOut } from '@/features/auth/api/sign-in';
import { SIGNED_OUT, sessionQueryKey } from '@/lib/session';
import { paths } from '@/lib/paths';

const GROUPS = [
  {
    label: 'Account',
    items: [
      { to: paths.mySubscriptions(), label: 'My Subscription' },
      { to: paths.myProjects(), label: 'My Projects' },
      { to: paths.accountSettings(), label: 'Account Settings' },
    ],
  },
  {
    label: 'Billing',
    items: [
      { to: paths.paymentHistory(), label: 'Payment History' },
      { to: paths.paymentMethods(), label: 'Payment Methods' },
    ],
  },
  {
    label: 'Help & Support',
    items: [
      { to: paths.support(), label: 'Contact Us' },
      { to: paths.faqs(), label: 'FAQs' },
      { to: paths.helpGuides(), label: 'Help & Guides' },
    ],
  },
];

const itemClass =
  'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export function AccountMenu({ user }: { user: Me }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const displayName = user.name || user.email || 'User';

  async function logout() {
    await signOut().catch(() => undefined);
    await navigate(paths.home(), { replace: true });
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex max-w-[60vw] items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pl-1 pr-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        aria-label={`Account menu for ${displayName}`}
      >
        <Avatar user={user} size="sm" />
        <span className="truncate">{displayName}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          {GROUPS.map((group, i) => (
            <DropdownMenu.Group key={group.label}>
              {i > 0 && <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />}
              <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-bold uppercase tracking-wide text-slate-600">
                {group.label}
              </DropdownMenu.Label>
              {group.items.map((item) => (
                <DropdownMenu.Item key={item.to} className={itemClass} onSelect={() => void navigate(item.to)}>
                  {item.label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={`${itemClass} gap-2 text-red-700`} onSelect={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
