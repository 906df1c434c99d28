import { CONTACT_EMAIL, LegalDocument, type LegalSection } from '@/features/content/components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-collected',
    heading: 'Information We Collect',
    blocks: [
      [
        'Information you provide: your name, e-mail address, phone number and profile picture; your business questionnaire answers, logo and photos; the messages and files you send to our support team; and requests you make, such as a data deletion request.',
        'Information collected automatically: the pages you visit in the portal, the time and date of your visits, your browser and device type, your IP address and error reports, which we use to keep the service running and secure.',
        "Payment information: card numbers are entered into our payment processor's secure form and never reach or stay on our servers. We keep only the payment processor's token for your card with its expiry date, the card type (such as Visa) and its last four digits, so that we can charge renewals and show you which card is used.",
        'Cookies: we use a sign-in cookie to keep you signed in and a small number of cookies that remember your choices. We do not use advertising cookies.',
      ],
    ],
  },
  {
    id: 'use',
    heading: 'How We Use Your Information',
    blocks: [
      [
        'to create and secure your account and sign you in;',
        'to build, publish and run your apps and website from your questionnaire answers and files;',
        'to charge your subscription, renew it and send you receipts;',
        'to answer your support chats and tell you about your project, your payments and changes to our services;',
        'to find and fix errors, prevent fraud and abuse, and improve the portal.',
      ],
    ],
  },
  {
    id: 'sharing',
    heading: 'How We Share Your Information',
    blocks: [
      'We do not sell your personal information. We share it only:',
      [
        'with our payment processor, to take and renew payments;',
        'with the Apple App Store and Google Play, to publish your apps under your business;',
        'with hosting and e-mail providers that process data for us under contract and only on our instructions;',
        'when the law requires it, or to protect our customers, our services or the public from harm.',
      ],
    ],
  },
  {
    id: 'security',
    heading: 'Data Security',
    blocks: [
      'We protect your information with encrypted connections, hashed passwords, access limited to the staff who need it, and regular backups. No system is perfectly secure; if a breach affects your information we will tell you and the authorities as the law requires.',
    ],
  },
  {
    id: 'choices',
    heading: 'Your Choices',
    blocks: [
      [
        'You can see and update your profile in Account Settings, and remove saved cards in Payment Methods.',
        'You can ask us for a copy of your information, or to correct it, by writing to us.',
        'You can ask us to delete your account and its data from the Request Data Deletion page; we confirm by e-mail before we delete anything, and keep only what the law requires, such as payment records.',
        'You can turn off optional e-mails with the link at the bottom of each one.',
      ],
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    blocks: [
      'We may update this Privacy Policy. We will post the new version here with a new date and, for material changes, tell you by e-mail or in the portal before they take effect.',
    ],
  },
  {
    id: 'contact',
    heading: 'Contact',
    blocks: [
      `Questions about your privacy? Write to us at ${CONTACT_EMAIL}, or open a chat from Contact Us in the portal.`,
    ],
  },
];

export function Component() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This Privacy Policy explains what information Your Business Your App collects when you use the customer portal and our services, how we use and share it, and the choices you have."
      sections={SECTIONS}
    />
  );
}
