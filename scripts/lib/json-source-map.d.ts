/** Types for json-source-map 0.6 (the package ships none); only what the pipeline uses. */
declare module 'json-source-map' {
  export interface Location {
    /** 0-based; tabs count as 4 columns, so callers derive columns from `pos`. */
    line: number;
    column: number;
    /** 0-based character offset. */
    pos: number;
  }
  export interface PointerEntry {
    value: Location;
    valueEnd: Location;
    key?: Location;
    keyEnd?: Location;
  }
  export function parse(source: string): { data: unknown; pointers: Record<string, PointerEntry> };
}
