// The type checker behind ./typecheck.ts: one worker thread per test process, holding the project's
// TypeScript 5.9 compiler and the lib files it has parsed, so each check after the first costs only
// the program's own files. Running `tsc -p` as a child cost every check a Node start, the compiler's
// load and the parse of lib.dom.d.ts, 1.5 of the 2.7 s a small toolkit took. A thread, not the test's
// own thread: checking GitHub's output takes half a minute, and the test runner's heartbeat must
// not stop that long.
//
// A request is { id, dir }: `<dir>/tsconfig.json` checked as `tsc -p` run in `dir` would, its
// diagnostics formatted as tsc prints them when not on a terminal (paths relative to `dir`).
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const ts = require("typescript");

/** Lib files parsed so far, by file name and the parse settings (target, module format). */
const libFiles = new Map();
const libDir = ts.getDirectoryPath(ts.getDefaultLibFilePath({}));

function check(dir) {
  const configFile = ts.getParsedCommandLineOfConfigFile(ts.combinePaths(dir, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  const host = ts.createCompilerHost(configFile.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, settings, onError, shouldCreate) => {
    if (!fileName.startsWith(libDir)) return getSourceFile(fileName, settings, onError, shouldCreate);
    const key = `${fileName}\0${typeof settings === "object" ? `${settings.languageVersion}/${settings.impliedNodeFormat}` : settings}`;
    let file = libFiles.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, settings, onError, shouldCreate);
      if (file !== undefined) libFiles.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({
    rootNames: configFile.fileNames,
    options: configFile.options,
    projectReferences: configFile.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(configFile),
  });
  // In tsc's order (emitFilesAndReportErrors): a syntax error leaves out the type errors.
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getSyntacticDiagnostics()];
  if (diagnostics.length === program.getConfigFileParsingDiagnostics().length) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === program.getConfigFileParsingDiagnostics().length) diagnostics.push(...program.getSemanticDiagnostics());
  }
  return ts.formatDiagnostics(ts.sortAndDeduplicateDiagnostics(diagnostics), {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => dir,
    getNewLine: () => "\n",
  });
}

parentPort.on("message", ({ id, dir }) => {
  try {
    parentPort.postMessage({ id, output: check(dir) });
  } catch (error) {
    parentPort.postMessage({ id, output: `typecheck-worker: ${error instanceof Error ? error.stack : String(error)}` });
  }
});
