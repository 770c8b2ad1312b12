/**
 * The school's mail server, for the browser tests: a small SMTP server on this machine that keeps every message, and an
 * HTTP address that lists them (`GET /messages?to=EMAIL`, newest first). The browser tests' server runs behind a
 * trusted proxy header, as behind a load balancer, so it serves no development outbox (docs/decisions/140): it sends
 * its mail through SMTP_URL like a deployed server, and the tests read what it sent here.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) decoded, folded lines joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The subject and the plain-text part of a message as nodemailer writes it (single part or multipart/alternative). */
function parseMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const header = (name: string, block: string) => new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(block)?.[1] ?? '';
  const subject = decodeHeader(header('Subject', head));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header('Content-Type', head))?.[1];
  const part = boundary ? (body.split(`--${boundary}`).find((candidate) => /content-type:\s*text\/plain/i.test(candidate)) ?? '') : `${head}\r\n\r\n${body}`;
  const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const encoded = partBody.join('\r\n\r\n').replace(/\r?\n$/, '');
  const encoding = header('Content-Transfer-Encoding', partHead).trim().toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(encoded) : encoding === 'base64' ? Buffer.from(encoded, 'base64').toString('utf8') : encoded;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function serveSmtp(socket: Socket, keep: (mail: SunkMail) => void) {
  let buffer = '';
  let inData = false;
  let recipients: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 crosswalk-test-mail ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
        buffer = buffer.slice(end + 5);
        inData = false;
        keep({ to: recipients, ...parseMessage(raw) });
        recipients = [];
        reply('250 kept');
        continue;
      }
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') reply('250 crosswalk-test-mail');
      else if (command === 'MAIL') reply('250 ok');
      else if (command === 'RCPT') {
        recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
        reply('250 ok');
      } else if (command === 'DATA') {
        inData = true;
        reply('354 end with <CRLF>.<CRLF>');
      } else if (command === 'QUIT') {
        reply('221 bye');
        socket.end();
        return;
      } else reply('250 ok'); // RSET, NOOP
    }
  });
  socket.on('error', () => undefined);
}

/** Starts the sink on two free ports of this machine: SMTP for the server, HTTP for the tests. */
export async function startMailSink(): Promise<{ smtpUrl: string; messagesUrl: string; stop(): Promise<void> }> {
  const mails: SunkMail[] = [];
  const smtp: Server = createServer((socket) => serveSmtp(socket, (mail) => mails.unshift(mail)));
  const http: HttpServer = createHttpServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://localhost').searchParams.get('to')?.toLowerCase();
    const messages = mails.filter((mail) => !to || mail.to.includes(to)).map(({ subject, text }) => ({ subject, text }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages }));
  });
  const listen = (server: Server | HttpServer) => new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
  const [smtpPort, httpPort] = [await listen(smtp), await listen(http)];
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    messagesUrl: `http://127.0.0.1:${httpPort}/messages`,
    stop: async () => {
      await new Promise((done) => smtp.close(done));
      await new Promise((done) => http.close(done));
    },
  };
}
