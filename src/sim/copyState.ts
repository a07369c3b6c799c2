/**
 * A deep copy of a simulated table's state, so that a batch can be dealt again from the state before it
 * (a ruling heard during the batch, src/sim/session.ts) without dealing every hand since the seed again.
 * The state is data and seeded generators: objects keep their class, shared objects stay shared (the
 * felt's generator is also its pace's; the dealer's card generator is also the stub's), and each
 * generator is copied where it stands, so the copy draws what the original would have drawn.
 *
 * Functions that are not seeded generators (the injectors' factories, a game's evaluator) are shared,
 * not copied: they must hold no state of their own. test/sim/rulingAfterHours.test.ts holds the copy to what
 * dealing from the seed gives, which a function with hidden state would break.
 */
import { isSeededRng } from "./random.js";

/** A copy of `root` that shares nothing mutable with it (see the module comment for functions). */
export function copyState<T>(root: T): T {
  return copyValue(root, new Map()) as T;
}

function copyValue(value: unknown, seen: Map<object, unknown>): unknown {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (typeof value === "function") {
    const copied = isSeededRng(value) ? value.copy() : value;
    seen.set(value, copied);
    return copied;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(copyValue(item, seen));
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(value, out);
    for (const [k, v] of value) out.set(copyValue(k, seen), copyValue(v, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    seen.set(value, out);
    for (const v of value) out.add(copyValue(v, seen));
    return out;
  }
  return copyObject(value, seen);
}

/** A plain or class object, field by field, its prototype (its class's methods) shared. */
function copyObject(value: object, seen: Map<object, unknown>): object {
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== null && proto !== Object.prototype && isBuiltIn(proto))
    throw new Error(`copyState: cannot copy a ${proto.constructor.name}`);
  const out = Object.create(proto) as Record<string, unknown>;
  seen.set(value, out);
  const fields = value as Record<string, unknown>;
  // Class fields and object literals' keys are plain, enumerable, string-keyed data (a symbol key or a
  // hidden field would be lost: refused).
  if (
    Object.getOwnPropertySymbols(value).length > 0 ||
    Object.getOwnPropertyNames(value).length !== Object.keys(value).length
  )
    throw new Error("copyState: a symbol-keyed or hidden field would not be copied");
  for (const key of Object.keys(value)) out[key] = copyValue(fields[key], seen);
  return out;
}

/**
 * Objects whose state is not in their own fields (a Date's time, a typed array's bytes, a promise): a
 * field-by-field copy would lose it, so they are refused. The simulated table holds none.
 */
function isBuiltIn(proto: object): boolean {
  return BUILT_INS.some(
    (c) => proto === c.prototype || Object.prototype.isPrototypeOf.call(c.prototype, proto),
  );
}

const BUILT_INS: readonly { prototype: object }[] = [
  Date,
  RegExp,
  Promise,
  WeakMap,
  WeakSet,
  ArrayBuffer,
  Object.getPrototypeOf(Uint8Array) as { prototype: object },
  DataView,
];
