// The errors the package throws. Refusals of the library are HalmaError
// subclasses carrying the library's message; an argument of the wrong
// JavaScript type is a plain TypeError; an argument out of the range or set
// the library accepts is an InvalidArgumentError, which is both a
// RangeError and (through HalmaError[Symbol.hasInstance]) a HalmaError.

/** The base class of the library's refusals. */
export class HalmaError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }

  // `error instanceof HalmaError` holds for InvalidArgumentError too, which
  // cannot inherit from both HalmaError and RangeError. Subclasses keep the
  // ordinary check (this is not HalmaError there).
  static [Symbol.hasInstance](value) {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    return this === HalmaError && value instanceof InvalidArgumentError;
  }
}

/** An argument out of the range or set the library accepts: a number (not an
 * integer, negative, too large, NaN), a tag, square or seat name, more than
 * one thread where there are none. A RangeError, and a HalmaError. */
export class InvalidArgumentError extends RangeError {
  constructor(message, options) {
    super(message, options);
    this.name = "InvalidArgumentError";
  }
}

/** The rules string is not valid. */
export class InvalidRulesError extends HalmaError {}
/** The position string is malformed or not a position under the rules. */
export class InvalidPositionError extends HalmaError {}
/** The move is malformed or not legal in the position. */
export class IllegalMoveError extends HalmaError {}
/** The game is over: no move can be played or searched. */
export class GameOverError extends HalmaError {}
/** No move was played: there is nothing to undo. */
export class NothingToUndoError extends HalmaError {}
/** The game already holds the most moves a game keeps (100 000). */
export class GameTooLongError extends HalmaError {}
/** The game record cannot be read. */
export class InvalidRecordError extends HalmaError {}

const classes = {
  HalmaError,
  InvalidArgumentError,
  InvalidRulesError,
  InvalidPositionError,
  IllegalMoveError,
  GameOverError,
  NothingToUndoError,
  GameTooLongError,
  InvalidRecordError,
  TypeError,
};

/** The error of the package's class named `name` (an error thrown by the
 * WebAssembly module, or sent back by a worker), saying `message`. Any other
 * name is a HalmaError. */
export function errorNamed(name, message) {
  const Class = Object.hasOwn(classes, name) ? classes[name] : HalmaError;
  return new Class(message);
}

/** `error` as the package throws it: an Error the module threw, whose name
 * is a class of this file, becomes an instance of that class; anything else
 * (a bug) goes on unchanged. */
export function converted(error) {
  if (error instanceof Error && !(error instanceof HalmaError) && !(error instanceof TypeError)
      && Object.hasOwn(classes, error.name)) {
    return errorNamed(error.name, error.message);
  }
  return error;
}
