/** What pages ask of the card form: a single-use card token, or null when the fields show what to fix. */
export interface CardFormHandle {
  tokenize(): Promise<string | null>;
}
