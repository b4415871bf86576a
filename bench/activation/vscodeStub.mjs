/**
 * The least of the `vscode` API that lets the extension's bundle activate outside VS Code, for
 * the activation bench: real event emitters, URIs, mementos, settings that answer their defaults,
 * a workspace with one folder. Everything else is an inert stand-in — any property, call or `new`
 * gives another stand-in that does nothing — so activation runs its own code and none of the
 * workbench's: the bench times what the extension does, not what VS Code would do for it.
 */
import { join } from 'node:path';
/** A callable, constructible object whose every property is another such object. */
export function inert(name) {
  const cache = new Map();
  const target = function () { };
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then')
        return undefined; // not a promise
      if (prop === Symbol.toPrimitive)
        return () => '';
      if (prop === Symbol.iterator)
        return function* () { };
      if (prop === 'dispose')
        return () => undefined;
      if (prop === 'toString' || prop === 'toJSON')
        return () => name;
      if (!cache.has(prop))
        cache.set(prop, inert(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    set(_t, prop, value) {
      cache.set(prop, value);
      return true;
    },
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}
class EventEmitter {
  listeners = new Set();
  event = (listener, thisArg, disposables) => {
    const bound = (e) => listener.call(thisArg, e);
    this.listeners.add(bound);
    const d = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(d);
    return d;
  };
  fire(e) {
    for (const l of [...this.listeners])
      l(e);
  }
  dispose() {
    this.listeners.clear();
  }
}
class Disposable {
  fn;
  static from(...items) {
    return new Disposable(() => items.forEach((i) => i.dispose()));
  }
  constructor(fn) {
    this.fn = fn;
  }
  dispose() {
    this.fn();
  }
}
class Uri {
  scheme;
  path;
  constructor(scheme, path) {
    this.scheme = scheme;
    this.path = path;
  }
  static file(path) {
    return new Uri('file', path);
  }
  static parse(value) {
    const m = /^([a-z][\w+.-]*):(?:\/\/[^/]*)?(.*)$/i.exec(value);
    return m ? new Uri(m[1], m[2]) : new Uri('file', value);
  }
  static joinPath(base, ...parts) {
    return new Uri(base.scheme, join(base.path, ...parts));
  }
  get fsPath() {
    return this.path;
  }
  with(change) {
    return new Uri(change.scheme ?? this.scheme, change.path ?? this.path);
  }
  toString() {
    return `${this.scheme}://${this.path}`;
  }
}
export class Memento {
  values = new Map();
  get(key, fallback) {
    return this.values.has(key) ? this.values.get(key) : fallback;
  }
  update(key, value) {
    if (value === undefined)
      this.values.delete(key);
    else
      this.values.set(key, value);
    return Promise.resolve();
  }
  keys() {
    return [...this.values.keys()];
  }
  setKeysForSync() { }
}
const settings = {
  get: (_key, fallback) => fallback,
  has: () => false,
  inspect: () => undefined,
  update: () => Promise.resolve(),
};
/**
 * The `vscode` module for a window with one workspace folder. `names`: the API names the bundle
 * uses; the bundle copies the module's own properties when it loads (esbuild's __toESM), so each
 * must be there from the start.
 */
export function vscodeStub(workspaceFolder, names) {
  const never = new EventEmitter().event;
  const folder = { uri: Uri.file(workspaceFolder), name: 'bench', index: 0 };
  const workspace = {
    workspaceFolders: [folder],
    isTrusted: true,
    getConfiguration: () => settings,
    getWorkspaceFolder: () => folder,
    onDidChangeConfiguration: never,
    onDidChangeWorkspaceFolders: never,
    onDidGrantWorkspaceTrust: never,
    textDocuments: [],
  };
  const env = inert('env');
  env.language = 'en';
  const module = {
    EventEmitter,
    Disposable,
    Uri,
    l10n: { t: (message, ...args) => String(typeof message === 'string' ? message : message.message).replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)])), bundle: undefined, uri: undefined },
    env,
    workspace: new Proxy(workspace, { get: (t, p) => (p in t ? t[p] : inert(`workspace.${String(p)}`)) }),
  };
  for (const name of names) if (!(name in module)) module[name] = inert(name);
  return module;
}

/** An ExtensionContext over temporary folders. */
export function extensionContext(extensionPath, storage) {
  return {
    subscriptions: [],
    workspaceState: new Memento(),
    globalState: new Memento(),
    secrets: { get: () => Promise.resolve(undefined), store: () => Promise.resolve(), delete: () => Promise.resolve(), onDidChange: new EventEmitter().event },
    extensionUri: Uri.file(extensionPath),
    extensionPath,
    globalStorageUri: Uri.file(join(storage, 'global')),
    storageUri: Uri.file(join(storage, 'workspace')),
    logUri: Uri.file(join(storage, 'log')),
    extensionMode: 1,
    environmentVariableCollection: inert('environmentVariableCollection'),
    asAbsolutePath: (p) => join(extensionPath, p),
  };
}
