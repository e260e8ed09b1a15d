import { type ReactNode, useEffect, useRef } from 'react';
import { t } from '../messages.js';

/**
 * The screen's heading. It takes the focus when the screen opens, so keyboard and screen-reader users
 * land on the new content after a navigation, and names the browser tab.
 */
export function PageTitle({ children, text }: { children: ReactNode; text?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const title = text ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (title) document.title = `${title} – ${t.appName}`;
    heading.current?.focus({ preventScroll: false });
  }, [title]);
  return (
    <h1 ref={heading} tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
