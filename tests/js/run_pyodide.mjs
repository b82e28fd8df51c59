// Runs a Python script in Pyodide under Node.js, with wheels unpacked into its site-packages.
//
//   node run_pyodide.mjs SCRIPT.py WHEEL.whl ...
//
// Pyodide is the npm copy next to this file (node_modules/pyodide, from `npm ci` here), loaded
// from that folder: nothing is fetched from a CDN, and no package manager (micropip) runs.
// The script's last expression, if it is a str, is printed on stdout. A Python exception
// (at import, or anywhere in the script) prints its traceback on stderr and exits 1, so the
// calling test fails with the library's own error.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const indexURL = path.join(here, "node_modules", "pyodide") + path.sep;
const [script, ...wheels] = process.argv.slice(2);
if (!script) {
    console.error("usage: node run_pyodide.mjs SCRIPT.py [WHEEL.whl ...]");
    process.exit(2);
}

try {
    // import() takes a URL, not a path: a Windows path (C:\...) would be read as a scheme.
    const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
    const pyodide = await loadPyodide({
        indexURL,
        stdout: (line) => console.error(line), // the script's prints: diagnostics only
        stderr: (line) => console.error(line),
    });
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    for (const wheel of wheels) {
        // A Buffer is not a typed array Pyodide accepts: copy it into a Uint8Array.
        pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
            extractDir: sitePackages,
        });
    }
    const result = await pyodide.runPythonAsync(readFileSync(script, "utf8"), {
        filename: path.basename(script),
    });
    if (typeof result === "string") {
        process.stdout.write(result + "\n");
    }
} catch (error) {
    // A PythonError's message is the Python traceback; anything else, its stack.
    const text = error && error.constructor && error.constructor.name === "PythonError"
        ? error.message
        : String((error && error.stack) || error);
    console.error(text.length > 20000 ? text.slice(0, 2000) + "\n...\n" + text.slice(-16000) : text);
    process.exit(1);
}
