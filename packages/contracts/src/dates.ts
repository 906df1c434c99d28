// Made once: building a formatter costs more than formatting with it, and a sweep formats a date for every mail.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "March 10, 2026": a day as mails and notices spell it out (UTC, as the portal shows dates). */
export const formatLongDate = (date: Date | number) => longDate.format(date);
