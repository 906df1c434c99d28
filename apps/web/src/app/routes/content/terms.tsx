import { CONTACT_EMAIL, LegalDocument, type LegalSection } from '@/features/content/components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    heading: 'Accounts',
    blocks: [
      'To subscribe you create an account with your full name, e-mail address and phone number, or sign in with a Google account. You must be at least 18 years old and able to enter into a binding contract for your business.',
      'You are responsible for keeping your password safe and for everything done with your account. Keep your details accurate and tell us at once if you believe someone else has used your account.',
    ],
  },
  {
    id: 'billing',
    heading: 'Subscriptions and Billing',
    blocks: [
      'Plans are sold as monthly subscriptions. The price, billing period and features of each plan are shown on our pricing page and at checkout.',
      [
        'Recurring billing cycle: your first payment is taken when you subscribe, and each billing period starts on that date and lasts one month.',
        'Auto-renewal: your subscription renews automatically at the end of each billing period, and the plan price is charged, until you cancel it.',
        'Payment method authorisation: by saving a card or choosing one at checkout you authorise us and our payment processor to charge that card for the first payment and every renewal, and for any plan you later choose.',
        'Failed payments: if a renewal cannot be charged we retry a few times over the following days; if it still fails the subscription becomes inactive until it is paid.',
        'Fee changes: we may change the price of a plan. A new price takes effect only at the end of your current billing cycle, and we tell you before it does, so you can cancel first.',
        'Cancellation: you can cancel at any time from My Subscription. Cancelling stops future renewals; your service continues until the end of the period you have already paid for.',
      ],
      'Promo codes apply only as described when they are offered, cannot be exchanged for cash and may end at any time.',
    ],
  },
  {
    id: 'refunds',
    heading: 'Refund Policy',
    blocks: [
      'All sales are final. Subscription fees, including partial billing periods after a cancellation, are not refundable.',
      'We may, at our sole discretion, grant a full or partial refund or a credit, for example after a billing error on our side. Granting one refund does not oblige us to grant another.',
    ],
  },
  {
    id: 'conduct',
    heading: 'User Conduct',
    blocks: [
      'You agree not to use the portal, the apps or the websites we build for you to:',
      [
        'sell or promote anything illegal, or break any law or the rules of the Apple App Store or Google Play;',
        'upload content that you have no right to use, or that is misleading, hateful, harassing or sexually explicit;',
        'send unsolicited messages or push notifications that people did not agree to receive;',
        'try to reach accounts, data or systems that are not yours, or disrupt, probe or overload our services;',
        'copy, resell or rebuild our platform, or use it to build a competing service.',
      ],
    ],
  },
  {
    id: 'intellectual-property',
    heading: 'Intellectual Property',
    blocks: [
      'You keep every right to your business name, logo, photos, texts and other material you give us. You grant us a licence to use them to build, publish, host and promote your apps and website while your subscription lasts, and to show your app in our portfolio unless you ask us not to.',
      'The portal, our platform, the app templates, the manager app and all our software, designs and trademarks belong to us or our licensors. Your subscription gives you the right to use them for your business while it is active; it does not transfer ownership.',
    ],
  },
  {
    id: 'termination',
    heading: 'Termination',
    blocks: [
      'You may stop using our services at any time by cancelling your subscription, and you may ask us to delete your account from the Request Data Deletion page.',
      'We may suspend or end your access, with notice where reasonable, if you break these Terms, if payments fail, or if we must do so by law. When a subscription ends, your apps may be removed from the app stores and your website taken offline.',
    ],
  },
  {
    id: 'liability',
    heading: 'Limitation of Liability',
    blocks: [
      'To the fullest extent the law allows, we are not liable for indirect, incidental, special or consequential losses, such as lost profits, lost sales or lost data, arising from your use of our services.',
      'Our total liability for any claim about our services is limited to the fees you paid us in the three months before the event that caused the claim.',
    ],
  },
  {
    id: 'disclaimer',
    heading: 'Disclaimer',
    blocks: [
      'Our services are provided "as is" and "as available". We work to keep them running and secure, but we do not promise that they will be uninterrupted or error-free, that the app stores will accept or keep listing an app, or that your business will reach any result.',
    ],
  },
  {
    id: 'governing-law',
    heading: 'Governing Law',
    blocks: [
      'These Terms are governed by the laws of the State of Delaware, United States, without regard to its conflict-of-law rules. Disputes will be heard by the courts located in Delaware, unless the law of your place of residence gives you the right to go to your local courts.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to These Terms',
    blocks: [
      "We may update these Terms as our services change. Where possible we give you at least 30 days' notice of a material change, by e-mail or in the portal, before it takes effect. If you keep using our services after that, the new Terms apply; if you do not agree, you may cancel before they take effect.",
    ],
  },
  {
    id: 'contact',
    heading: 'Contact',
    blocks: [
      `Questions about these Terms? Write to us at ${CONTACT_EMAIL}, or open a chat from Contact Us in the portal.`,
    ],
  },
];

export function Component() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These Terms of Service are an agreement between you and Your Business Your App. They apply to the customer portal and to the apps, websites and tools we build and run for your business. By creating an account or subscribing you accept them."
      sections={SECTIONS}
    />
  );
}
