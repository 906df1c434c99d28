import { ActionButton, Heading, MailLayout, Paragraph, type Brand } from './layout.tsx';

export interface Notice {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line under the action, e.g. how long a link works. */
  footnote?: string;
}

/** The shape most transactional mails take: a heading, a few paragraphs, one action. */
export function NoticeMail({ brand, notice }: { brand: Brand; notice: Notice }) {
  return (
    <MailLayout brand={brand} preview={notice.paragraphs[0] ?? notice.heading}>
      <Heading>{notice.heading}</Heading>
      {notice.paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      {notice.action && (
        <>
          <ActionButton href={notice.action.url}>{notice.action.label}</ActionButton>
          <p style={{ margin: '0 0 14px', fontSize: 13, color: '#475569', wordBreak: 'break-all' }}>
            {`Or open this address: ${notice.action.url}`}
          </p>
        </>
      )}
      {notice.footnote && <p style={{ margin: 0, fontSize: 13, color: '#475569' }}>{notice.footnote}</p>}
    </MailLayout>
  );
}
