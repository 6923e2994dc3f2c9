/**
 * Calls `emit(start, length)` for each run of dark cells in a row of `count` cells: a 2D code or a mark
 * drawn as one rectangle per run needs far fewer operations than one per cell.
 */
export function darkRuns(count: number, dark: (i: number) => boolean, emit: (start: number, length: number) => void): void {
  let start = -1;
  for (let i = 0; i <= count; i++) {
    const on = i < count && dark(i);
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      emit(start, i - start);
      start = -1;
    }
  }
}
