import type { Block } from '../../api/admin-types.js';

/*
 * The block list being edited, as a reducer with an undo history. Every change keeps the list it
 * replaced; typing into one field of one block counts as one change until another field or block is
 * touched, so undo steps back over whole edits, not single letters.
 */

/** A block with a key of the editor's own (React lists and focus need one that survives moves). */
export interface EditorBlock {
  key: string;
  block: Block;
}

export interface BlockHistory {
  blocks: EditorBlock[];
  past: EditorBlock[][];
  /** The field the last change typed into ("<key>:<field>"), so the next keystroke joins it. */
  typing: string | undefined;
  /** Changes since the last load or save. */
  dirty: boolean;
}

export type BlockAction =
  | { type: 'load'; blocks: Block[] }
  | { type: 'saved' }
  | { type: 'add'; block: Block; at?: number; newKey?: string }
  | { type: 'update'; key: string; changes: Partial<Block>; field?: string }
  // `by` is any step: ±1 from the buttons and Alt+arrows, further from a drag and drop (one undo step).
  | { type: 'move'; key: string; by: number }
  | { type: 'duplicate'; key: string; newKey?: string }
  | { type: 'remove'; key: string }
  | { type: 'undo' };

export const MAX_UNDO = 100;

let counter = 0;
export const newKey = () => `k${++counter}`;

/** A block id for a new block (the server accepts 1–64 of A–Z, a–z, 0–9, _ and -). */
export function newBlockId(): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `block-${Date.now().toString(36)}-${random}`;
}

export const initialHistory = (blocks: Block[] = []): BlockHistory => ({
  blocks: blocks.map((block) => ({ key: newKey(), block })),
  past: [],
  typing: undefined,
  dirty: false,
});

const changed = (state: BlockHistory, blocks: EditorBlock[], typing?: string): BlockHistory => {
  const joins = typing !== undefined && typing === state.typing;
  return {
    blocks,
    past: joins ? state.past : [...state.past, state.blocks].slice(-MAX_UNDO),
    typing,
    dirty: true,
  };
};

export function blockReducer(state: BlockHistory, action: BlockAction): BlockHistory {
  const index = 'key' in action ? state.blocks.findIndex((b) => b.key === action.key) : -1;
  switch (action.type) {
    case 'load':
      return initialHistory(action.blocks);
    case 'saved':
      return { ...state, dirty: false, typing: undefined };
    case 'add': {
      const at = Math.min(action.at ?? state.blocks.length, state.blocks.length);
      const blocks = [...state.blocks];
      blocks.splice(at, 0, { key: action.newKey ?? newKey(), block: action.block });
      return changed(state, blocks);
    }
    case 'update': {
      if (index < 0) return state;
      const blocks = [...state.blocks];
      blocks[index] = { ...blocks[index], block: { ...blocks[index].block, ...action.changes } as Block };
      return changed(state, blocks, action.field === undefined ? undefined : `${action.key}:${action.field}`);
    }
    case 'move': {
      const to = index + action.by;
      if (index < 0 || to < 0 || to >= state.blocks.length) return state;
      const blocks = [...state.blocks];
      const [moved] = blocks.splice(index, 1);
      blocks.splice(to, 0, moved);
      return changed(state, blocks);
    }
    case 'duplicate': {
      if (index < 0) return state;
      const { id: _id, ...copy } = structuredClone(state.blocks[index].block);
      const blocks = [...state.blocks];
      blocks.splice(index + 1, 0, {
        key: action.newKey ?? newKey(),
        block: { ...copy, id: newBlockId() } as Block,
      });
      return changed(state, blocks);
    }
    case 'remove': {
      if (index < 0) return state;
      return changed(
        state,
        state.blocks.filter((b) => b.key !== action.key),
      );
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { blocks: previous, past: state.past.slice(0, -1), typing: undefined, dirty: true };
    }
  }
}

/** The blocks as the draft route takes them: in order, without the editor's keys. */
export const blocksToSave = (state: BlockHistory): Block[] => state.blocks.map((b) => b.block);
