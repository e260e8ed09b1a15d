import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './sortable-blocks.css';

/*
 * Drag and drop of a page's blocks (issue #22) with @dnd-kit: by mouse or touch on a block's grip, and by
 * keyboard (Space or Enter picks the block up, arrow keys move it, Space or Enter drops it, Escape puts it
 * back), announced in German to screen readers. The up/down buttons and Alt+arrows keep working beside it.
 */

export const dragTexts = {
  grip: (label: string) => `Verschieben: ${label}`,
  instructions:
    'Zum Verschieben Leertaste oder Eingabetaste drücken. Mit den Pfeiltasten nach oben oder unten bewegen, mit Leertaste oder Eingabetaste ablegen, mit Escape abbrechen.',
  picked: (label: string, position: number) => `${label} aufgenommen, Position ${position}.`,
  over: (label: string, position: number) => `${label} über Position ${position}.`,
  dropped: (label: string, position: number) => `${label} an Position ${position} abgelegt.`,
  cancelled: (label: string) => `Verschieben von ${label} abgebrochen.`,
} as const;

const instructions: ScreenReaderInstructions = { draggable: dragTexts.instructions };

export function BlockSortArea({
  ids,
  labelOf,
  onMove,
  onDragStart,
  children,
}: {
  ids: string[];
  labelOf: (id: string) => string;
  /** The block `id` dropped at `to` (0-based), after it left `from`. */
  onMove: (id: string, from: number, to: number) => void;
  /** A drag begins: the editor folds the open block, so every block is about as tall as the next. */
  onDragStart?: () => void;
  children: ReactNode;
}) {
  // A few pixels of travel before a drag starts, so a click on the grip stays a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => dragTexts.picked(labelOf(String(active.id)), position(active.id)),
    onDragOver: ({ active, over }) =>
      over ? dragTexts.over(labelOf(String(active.id)), position(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? dragTexts.dropped(labelOf(String(active.id)), position(over.id))
        : dragTexts.cancelled(labelOf(String(active.id))),
    onDragCancel: ({ active }) => dragTexts.cancelled(labelOf(String(active.id))),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(String(active.id), from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      // Corners, not centres: an opened block is much taller than its neighbours, and by its centre it
      // would stay over itself when moved one place down.
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragEnd={end}
      // Measured again while dragging: folding the open block moves every block below it.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One block as a list item that moves while dragged; `children` gets the grip button's properties. */
export function SortableBlock({
  id,
  className,
  disabled,
  children,
}: {
  id: string;
  className: string;
  disabled?: boolean;
  children: (grip: ButtonHTMLAttributes<HTMLButtonElement> | undefined) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={`${className}${isDragging ? ' block--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {children(
        disabled ? undefined : ({ ...attributes, ...listeners } as ButtonHTMLAttributes<HTMLButtonElement>),
      )}
    </li>
  );
}
