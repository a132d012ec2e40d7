import { ValidationError } from '../core/errors';

/**
 * A small multipart/form-data parser (RFC 7578) over the raw request body: API Gateway hands the
 * Lambda the whole body, so there is no stream to consume and no need for a library.
 */
export interface MultipartPart {
  /** The form field name. */
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const MALFORMED = 'Malformed multipart/form-data body';
const MAX_PARTS = 50;
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary of a multipart/form-data Content-Type header, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Value of a parameter of a header such as Content-Disposition (quoted or token). */
function headerParam(header: string, name: string): string | undefined {
  const re = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const match = re.exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ValidationError(MALFORMED);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Splits a multipart body into its parts. Throws ValidationError on anything malformed (missing
 * closing boundary, a part without Content-Disposition, too many parts).
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new ValidationError(MALFORMED);
  pos += delimiter.length;
  for (;;) {
    // After a delimiter: "--" closes the body, CRLF starts a part.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new ValidationError(MALFORMED);
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0 || headerEnd - pos > MAX_HEADER_BYTES) throw new ValidationError(MALFORMED);
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    const disposition = headers['content-disposition'];
    const name = disposition ? headerParam(disposition, 'name') : undefined;
    if (!disposition || !/^form-data\b/i.test(disposition) || name === undefined) {
      throw new ValidationError(MALFORMED);
    }
    const dataStart = headerEnd + 4;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) throw new ValidationError(MALFORMED);
    if (parts.length >= MAX_PARTS) throw new ValidationError(`At most ${MAX_PARTS} form fields are allowed`);
    parts.push({
      name,
      filename: headerParam(disposition, 'filename'),
      contentType: headers['content-type'],
      data: body.subarray(dataStart, dataEnd),
    });
    pos = dataEnd + nextDelimiter.length;
  }
}
