import { t } from '../../messages.js';
import { Button } from '../../ui/controls.js';

/** Previous and next page of a list the server pages with limit and offset. */
export function Pager({
  total,
  limit,
  offset,
  onOffset,
}: {
  total: number;
  limit: number;
  offset: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label="Seiten der Liste">
      <Button onClick={() => onOffset(Math.max(0, offset - limit))} disabled={offset === 0}>
        {t.previousPage}
      </Button>
      <span>{t.range(total === 0 ? 0 : offset + 1, last, total)}</span>
      <Button onClick={() => onOffset(offset + limit)} disabled={last >= total}>
        {t.nextPage}
      </Button>
    </nav>
  );
}
