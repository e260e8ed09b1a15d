/**
 * The contract between the JSON-T engine and its plugins. Formatters and predicates are plain
 * functions grouped in tables; the engine calls them with the values of the tag and a scope that
 * gives read access to the render state. Plugins never see the engine's internals.
 */

/** A render error or parse error; collected, never thrown out of `compile` or `render`. */
export interface TemplateError {
  type: string;
  message: string;
}

/** How `apply` runs a partial: `private` stops lookups at the partial's own context; `args` become `@args`. */
export interface ApplyOptions {
  private?: boolean;
  args?: Record<string, string>;
}

export interface RenderScope {
  /** The value of `@` at the tag being rendered. */
  readonly current: unknown;
  /** The JSON the template was rendered with. */
  readonly root: unknown;
  /** Locale of this render, e.g. `de-DE` (default `en-US`). */
  readonly locale: string;
  /** Epoch milliseconds the render treats as now. */
  readonly now: number;
  /**
   * Resolves a variable path the way a template tag would at this point: `@`, `@index`,
   * dotted paths and array indices, looked up through the enclosing sections.
   */
  resolve(path: string): unknown;
  /**
   * Like `resolve`, but inside a variable tag's formatters it starts from the section around the tag
   * rather than from the tag's own value (so `@` is the section's value, as `message` arguments need).
   */
  resolveEnclosing?(path: string): unknown;
  /** Records an error for the caller and lets the render continue. */
  error(type: string, message: string): void;
  /**
   * Renders the partial (or macro) `name` with `data` as its context. Records
   * "Attempt to apply partial '<name>' which could not be found." and returns '' when missing.
   */
  applyPartial(name: string, data: unknown, options?: ApplyOptions): string;
}

/**
 * A formatter gets the tag's first variable as `value` (the previous formatter's result in a chain),
 * its arguments as strings, and, for tags with several variables (`{a b|f}`), the other values.
 * It returns the new value; `undefined` renders as nothing.
 */
export type Formatter = ((
  value: unknown,
  args: string[],
  scope: RenderScope,
  others: unknown[],
) => unknown) & {
  /**
   * Optional: this formatter and the next one of a chain done in one step, keyed by the next formatter
   * (`json` followed by `htmlattr`). The engine uses it where a tag applies the two in a row and the second
   * has no arguments; it gets this formatter's arguments. It must return what the two would return one
   * after the other, or `undefined` to decline (the engine then runs them one by one), and must neither
   * throw nor record errors.
   */
  fused?: ReadonlyMap<Formatter, Formatter>;
};
// A formatter declared with at most two parameters `(value, args)` cannot read its scope, so the engine
// skips making the tag's value current for it (a measurable saving on the hot `html` and `json`); do not
// reach the scope through a rest parameter.

/** A predicate decides about `scope.current` (or its arguments) for `.name?` and `.or name?`. */
export type Predicate = ((args: string[], scope: RenderScope) => boolean) & {
  /**
   * Optional: the predicate for fixed arguments, made once per place in a template when it is compiled,
   * so work that depends on the arguments only (parsing literals) is not repeated at every call. It must
   * decide exactly as the predicate itself does with these arguments.
   */
  withArgs?: (args: string[]) => (scope: RenderScope) => boolean;
};

export interface Plugin {
  name: string;
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
}
