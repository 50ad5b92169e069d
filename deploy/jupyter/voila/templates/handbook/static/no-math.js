/* The live book's typesetter: none. No live chapter's prose or widget label is a formula (a label
   such as "Ante ($2 to $10)" is money), and Voila's frontend would otherwise fetch and run about
   900 kB of MathJax on every page, about a fifth of a reader's wait for his first widget.
   deploy/voila.py points Voila's typesetter (its MathJax 2 plugin, which loads the script at
   PageConfig "fullMathjaxUrl") here; this gives that plugin the calls it makes, and typesets
   nothing. A chapter whose prose has math brings the book's own vendored MathJax with it
   (deploy/live_build.py). */
window.MathJax = {
  Hub: {
    Config: function () {},
    Configured: function () {},
    Queue: function () {},
    Register: {StartupHook: function () {}}
  },
  Ajax: {},
  InputJax: {TeX: {resetEquationNumbers: function () {}}}
};
