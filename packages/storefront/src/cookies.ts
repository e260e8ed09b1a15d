/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The server sets the readable `hasCart` cookie next to the httpOnly cart cookie (spec 4: load only when one exists). */
export function hasCartCookie(cookieHeader: string): boolean {
  return readCookie(cookieHeader, 'hasCart') === 'true';
}

/** Site-user cookie flag of spec 3 and 6. */
export function isAuthenticated(cookieHeader: string): boolean {
  return readCookie(cookieHeader, 'authenticated') === 'true';
}
