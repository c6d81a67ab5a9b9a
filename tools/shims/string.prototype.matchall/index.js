// The polyfill's call form, matchAll(string, regexp), over the built-in (Node ≥ 12): the only use is
// @trickfilm400/rollup-plugin-off-main-thread (through workbox-build), which calls it that way.
module.exports = function matchAll(string, regexp) {
  return String.prototype.matchAll.call(string, regexp);
};
