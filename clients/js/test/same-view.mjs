// The comparison of a view computed on the device with the service's answer for it, shared by the
// client's tests.
import assert from 'node:assert/strict';

const TOLERANCE = 1e-9;

/** Every element of the local view equals the service's: the same elements in the same order, frames
 * and centres exactly, parallax offsets, progress, a carousel's scale and alpha to 1e-9. */
export function assertSameView(local, remote, where) {
  assert.equal(local.length, remote.length, `${where}: ${local.length} elements here, ${remote.length} from the service`);
  remote.forEach((expected, index) => {
    const actual = local[index];
    const at = `${where}, element ${index} (${expected.kind} ${expected.section ?? ''}.${expected.item ?? expected.layer ?? ''})`;
    for (const key of ['kind', 'section', 'item', 'layer', 'zIndex', 'estimated']) {
      assert.equal(actual[key], expected[key], `${at}: ${key}`);
    }
    assert.deepEqual(actual.frame, expected.frame, `${at}: frame`);
    assert.deepEqual(actual.center, expected.center, `${at}: center`);
    assert.equal(actual.parallaxOffset === undefined, expected.parallaxOffset === undefined, `${at}: parallaxOffset present`);
    if (expected.parallaxOffset) {
      for (const axis of ['x', 'y']) {
        const difference = Math.abs(actual.parallaxOffset[axis] - expected.parallaxOffset[axis]);
        assert.ok(difference <= TOLERANCE, `${at}: parallaxOffset.${axis} ${actual.parallaxOffset[axis]} ≠ ${expected.parallaxOffset[axis]}`);
      }
    }
    for (const key of ['progress', 'scale', 'alpha']) {
      assert.equal(actual[key] === undefined, expected[key] === undefined, `${at}: ${key} present`);
      if (expected[key] !== undefined) {
        assert.ok(Math.abs(actual[key] - expected[key]) <= TOLERANCE, `${at}: ${key} ${actual[key]} ≠ ${expected[key]}`);
      }
    }
  });
}
