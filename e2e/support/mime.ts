// Just enough MIME to read what nodemailer sends: headers, a multipart/mixed body, base64 and
// quoted-printable parts.

export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParsedMail {
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number; content: Buffer }>;
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
  const headers = Object.fromEntries(
    head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, "") };
}

function decode(headers: Record<string, string>, body: string): Buffer {
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable")
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
  return Buffer.from(body);
}

const param = (header: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, "i").exec(header ?? "")?.[1];

export function parseMail(raw: string): ParsedMail {
  const top = split(raw);
  const boundary = param(top.headers["content-type"], "boundary");
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r?\n/, "")))
    : [top];
  const mail: ParsedMail = { subject: top.headers.subject ?? "", text: "", attachments: [] };
  for (const part of parts) {
    const body = decode(part.headers, part.body.replace(/\r?\n$/, ""));
    const type = (part.headers["content-type"] ?? "text/plain").split(";")[0]!.trim();
    const filename = param(part.headers["content-disposition"], "filename");
    if (filename) mail.attachments.push({ filename, contentType: type, size: body.length, content: body });
    else if (type === "text/plain") mail.text += body.toString("utf8");
  }
  return mail;
}
