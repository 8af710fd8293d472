import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * A real SMTP server on 127.0.0.1 that stores every message it accepts as a JSON file in `dir`,
 * so the tests (in other processes) can read the auth codes the API mails.
 */
export async function startSmtpServer(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          sequence += 1;
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: Date.now(),
          };
          await writeFile(path.join(dir, `${String(Date.now())}-${String(sequence)}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Every mail received so far for `to`, oldest first. */
export async function mailsFor(dir: string, to: string): Promise<ReceivedMail[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as ReceivedMail),
  );
  return mails.filter((m) => m.to.includes(to.toLowerCase())).sort((a, b) => a.receivedAt - b.receivedAt);
}

/** The 6-digit auth code in a mail's text. */
export function codeFromMail(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no auth code in mail: ${mail.text}`);
  return match[1];
}
