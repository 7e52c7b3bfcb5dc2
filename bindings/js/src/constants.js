// The limits of the library, as the WebAssembly module enforces them (the
// package's tests check each against the module).

/** The deepest perft: depths 0 to 64. */
export const MAX_PERFT_DEPTH = 64;
/** The most moves a game holds. */
export const MAX_GAME_MOVES = 100_000;
/** The weakest engine level. */
export const MIN_LEVEL = 1;
/** Full strength. */
export const MAX_LEVEL = 10;
/** The deepest depth limit of a search. */
export const MAX_SEARCH_DEPTH = 64;
/** The most contempt an engine takes. */
export const MAX_CONTEMPT = 10_000;
/** The default transposition table of an engine, in MiB. */
export const DEFAULT_HASH_MEGABYTES = 16;
/** The largest table (engine or perft) in MiB: a wasm32 memory holds at most 4 GiB. */
export const MAX_HASH_MEGABYTES = 1024;
/** The largest game record read, in bytes (UTF-8); also the longest string
 * any function takes, in UTF-16 code units, so that no argument can exhaust
 * the module's memory. */
export const MAX_RECORD_LENGTH = 16 << 20;
