// mailparser ships no types; only what the SMTP test peer reads is declared.
declare module 'mailparser' {
  interface AddressObject {
    text: string;
  }
  interface ParsedMail {
    to?: AddressObject | AddressObject[];
    from?: AddressObject;
    replyTo?: AddressObject;
    subject?: string;
    text?: string;
    html?: string | false;
    messageId?: string;
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
