// Checks of the JavaScript types of arguments (a TypeError), and of string
// lengths before a string crosses into the module's memory; the values are
// the module's to check.

import { DEFAULT_HASH_MEGABYTES, MAX_LEVEL, MAX_RECORD_LENGTH } from "./constants.js";
import { InvalidArgumentError } from "./errors.js";

/** How `value` is named in a TypeError's message. */
export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return `an object (${value.constructor?.name ?? "no prototype"})`;
  if (typeof value === "string") return "a string";
  if (typeof value === "bigint") return `a bigint (${value}n)`;
  return `${typeof value} ${String(value)}`;
}

/** `value`, a string of at most MAX_RECORD_LENGTH code units. */
export function string(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, not ${describe(value)}`);
  }
  if (value.length > MAX_RECORD_LENGTH) {
    throw new InvalidArgumentError(
      `${what} is too long: ${value.length} characters, at most ${MAX_RECORD_LENGTH}`,
    );
  }
  return value;
}

/** `value`, a number (its value is the module's to check). */
export function number(value, what) {
  if (typeof value !== "number") {
    throw new TypeError(`${what} must be a number, not ${describe(value)}`);
  }
  return value;
}

/** `value`, a number or undefined. */
export function optionalNumber(value, what) {
  return value === undefined ? undefined : number(value, what);
}

/** `value`, a boolean. */
export function boolean(value, what) {
  if (typeof value !== "boolean") {
    throw new TypeError(`${what} must be a boolean, not ${describe(value)}`);
  }
  return value;
}

/** `value`, an options object (or undefined), whose every key is in `known`. */
export function options(value, what, known) {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`${what} must be an object, not ${describe(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new TypeError(`${what}: unknown option \`${key}\` (known: ${known.join(", ")})`);
    }
  }
  return value;
}

const ENGINE_OPTIONS = ["level", "threads", "hashMegabytes", "contempt"];

/** Checks engine options' types; returns them with their defaults. */
export function engineSettings(settings) {
  const {
    level = MAX_LEVEL,
    threads = 1,
    hashMegabytes = DEFAULT_HASH_MEGABYTES,
    contempt,
  } = options(settings, "engine options", ENGINE_OPTIONS);
  number(level, "level");
  number(threads, "threads");
  number(hashMegabytes, "hashMegabytes");
  optionalNumber(contempt, "contempt");
  return { level, threads, hashMegabytes, contempt };
}
