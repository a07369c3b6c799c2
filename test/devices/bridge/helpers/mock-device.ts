/**
 * Moved: the bridge's twin ships with the device, in src/devices/bridge/mock.ts. This re-export keeps
 * tests on branches written before the move compiling; import the twin from src/ in new code.
 */
export { MockDevice } from "../../../../src/devices/bridge/mock.js";
