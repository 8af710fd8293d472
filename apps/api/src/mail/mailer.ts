import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder as an .eml file. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
    describe: () => `SMTP ${new URL(smtpUrl).host}`,
  };
}

export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      await mkdir(outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(path.join(outboxDir, `${stamp}-${String(sequence)}-${safeTo}.eml`), info.message as Buffer);
    },
    describe: () => outboxDir,
  };
}

/** Text messages to phones. The embedded default writes each to the outbox folder (no SMS provider is wired yet). */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export function createOutboxSms(outboxDir: string): SmsSender {
  return {
    async send(mobile, text) {
      const dir = path.join(outboxDir, 'sms');
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(dir, `${stamp}-${mobile.replace(/[^0-9+]/g, '')}.txt`), `To: ${mobile}\n\n${text}\n`);
    },
  };
}
