// highlight.js ships types for its root and languages only; the core entry is the same API
// without the bundled languages, which keeps the webview bundle small.
declare module 'highlight.js/lib/core' {
  import hljs from 'highlight.js';
  export default hljs;
}
