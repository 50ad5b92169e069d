/* Offline widgets: configure require.js before @jupyter-widgets/html-manager's embed-amd.js.
 *
 * Loaded after require.js and before embed-amd.js on every page that holds widgets (see
 * nb_ipywidgets_js in _config.yml). It points the @jupyter-widgets AMD modules at the
 * vendored copy next to this file, so webpack's public path (and with it the Font Awesome
 * fonts the widgets use) resolves to _vendor/html-manager-VERSION/ instead of a path made up
 * from the page's own folder. It also turns its own data-jupyter-widgets-cdn attribute (which
 * embed-amd.js reads from any script tag) into an absolute local URL, so a widget module that
 * is not bundled is looked up on this site, never on a public CDN.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var here = script.src.slice(0, script.src.lastIndexOf("/") + 1);
  var manager = script.getAttribute("data-html-manager") || "html-manager";
  // embed-amd.js defines @jupyter-widgets/base, /controls, /html-manager, ... and
  // /html-manager/dist/libembed-amd; each bundle finds its fonts next to its module's URL.
  var dir = here + manager;
  window.requirejs.config({
    paths: { "@jupyter-widgets": dir, "@jupyter-widgets/html-manager/dist": dir }
  });
  script.setAttribute("data-jupyter-widgets-cdn", here + "widget-modules/");
})();
