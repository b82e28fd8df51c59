// One hand of Hearts in the page: Pyodide runs the hearts library and table.py; this file
// draws what table.py returns and passes on the person's clicks. No build step, no server
// code: any static file server will do (see docs/browser.md).
//
// The address's query parameters:
//   ?seed=N      the deal and the bots' choices (by default, a random seed);
//   ?pyodide=URL where Pyodide is, on this page's own site (by default, the jsDelivr CDN);
//   ?wheel=URL   a wheel to install, on this page's own site, repeated for each (the
//                library's and its dependencies', attrs and typing-extensions); without any,
//                micropip installs hearts-rules from PyPI;
//   ?delay=MS    the pause after each bot's move (500 by default; the tests use 0);
//   ?test=1      the tests' hook: window.heartsSnapshot holds the game record, the deal with
//                every seat's hand (without it, the snapshot names only the cards P0 may know).
//
// A pyodide= or wheel= address on another site is refused: code loaded from it would run as
// this page, so a link to a hosted copy of the page could otherwise run anyone's code.

const PYODIDE_VERSION = "0.28.3";
const params = new URLSearchParams(location.search);
const seed = params.has("seed") ? Number(params.get("seed")) : Math.floor(Math.random() * 1e6);
const delay = params.has("delay") ? Number(params.get("delay")) : 500;
const test = params.get("test") === "1";

// The address given as ?name=value, read against the page's; refused unless it is on the
// page's own origin (scheme, host and port).
function sameOrigin(name, value) {
    const url = new URL(value, location.href);
    if (url.origin === "null" || url.origin !== location.origin) {
        throw new Error(
            `${name}=${value} is refused: the page loads Pyodide and wheels only from its own ` +
            `site (${location.origin}), or Pyodide from the jsDelivr CDN when no pyodide= is given.`,
        );
    }
    return url.href;
}

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
let table = null; // table.py's Table, a Python object
let snapshot = null; // what it last said to draw
const chosen = new Set(); // the cards picked to pass
let clicks = 0;

function mark(state) {
    document.body.dataset.phase = state.phase;
    document.body.dataset.turn = state.your_turn ? "you" : "bots";
}

function render() {
    snapshot = JSON.parse(table.snapshot());
    window.heartsSnapshot = snapshot; // what the page drew (the record too, with ?test=1)
    $("pass").hidden = !(snapshot.phase === "pass" && snapshot.your_turn);
    $("choices").replaceChildren();
    if (snapshot.phase === "over") {
        const [points, change, score] = [snapshot.points[0], snapshot.changes[0], snapshot.scores[0]];
        $("status").textContent =
            `The hand is over: you took ${points} points (${change >= 0 ? "+" : ""}${change}), ` +
            `scores ${snapshot.scores.join(", ")}; your score is ${score}.`;
        $("table").replaceChildren();
        $("last-trick").replaceChildren();
        $("result").innerHTML = snapshot.svg;
        const again = new URL(location.href);
        again.searchParams.set("seed", String(seed + 1));
        const link = Object.assign(document.createElement("a"), { href: again.href, textContent: "Deal another hand" });
        $("choices").append(link);
        mark(snapshot);
        return;
    }
    $("table").innerHTML = snapshot.svg;
    $("last-trick").innerHTML = snapshot.last_trick ? "Last trick: " + snapshot.last_trick : "";
    // The cards of the hand: found in the picture by the label on their faces.
    const cards = new Map(snapshot.hand.map((held) => [held.label, held.card]));
    for (const group of $("table").querySelectorAll("svg g")) {
        const texts = group.querySelectorAll("text");
        const card = group.dataset.card || (texts.length >= 2 && cards.get(texts[0].textContent + texts[1].textContent));
        if (!card || ![...cards.values()].includes(card)) continue;
        group.dataset.card = card;
        group.classList.toggle("chosen", chosen.has(card));
        group.addEventListener("click", () => clicked(card));
    }
    if (snapshot.phase === "pass" && snapshot.your_turn) {
        $("status").textContent = `Choose ${snapshot.passing} cards to pass (click them), then press Pass.`;
    } else if (snapshot.your_turn && snapshot.choices.length) {
        $("status").textContent = "Your choice:";
        snapshot.choices.forEach((text, index) => {
            const button = Object.assign(document.createElement("button"), { type: "button", textContent: text });
            button.addEventListener("click", () => act(() => table.choose(index)));
            $("choices").append(button);
        });
    } else if (snapshot.your_turn) {
        $("status").textContent = "Your turn: click a card to play it.";
    } else {
        $("status").textContent = "The bots are playing…";
    }
    mark(snapshot);
}

async function runBots() {
    document.body.dataset.busy = "1";
    while (table.bot_step()) {
        if (delay > 0) {
            render();
            await sleep(delay);
        }
    }
    render();
    document.body.dataset.busy = "0";
}

// A move by the person: the rules' refusal is shown as it is, else the bots play on.
async function act(move) {
    $("refusal").textContent = "";
    const refusal = move();
    if (refusal) {
        $("refusal").textContent = refusal;
    } else {
        chosen.clear();
        await runBots();
    }
    document.body.dataset.clicks = String(++clicks);
}

async function clicked(card) {
    if (snapshot.phase === "pass") {
        $("refusal").textContent = "";
        chosen.has(card) ? chosen.delete(card) : chosen.add(card);
        render();
        document.body.dataset.clicks = String(++clicks);
    } else {
        await act(() => table.play(card));
    }
}

async function start() {
    $("seed").textContent = `Seed ${seed}: add ?seed=${seed} to the address to play this deal again.`;
    const indexURL = params.get("pyodide")
        ? sameOrigin("pyodide", params.get("pyodide"))
        : `https://cdn.jsdelivr.net/pyodide/v${PYODIDE_VERSION}/full/`;
    const wheels = params.getAll("wheel").map((wheel) => sameOrigin("wheel", wheel));
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL });
    $("status").textContent = "Installing the hearts library…";
    if (wheels.length) {
        const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
        for (const url of wheels) {
            const response = await fetch(url);
            if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
            pyodide.unpackArchive(new Uint8Array(await response.arrayBuffer()), "wheel", { extractDir: sitePackages });
        }
    } else {
        await pyodide.loadPackage("micropip");
        await pyodide.pyimport("micropip").install("hearts-rules");
    }
    const source = await fetch(new URL("table.py", import.meta.url));
    if (!source.ok) throw new Error(`table.py: HTTP ${source.status}`);
    pyodide.FS.writeFile("/home/pyodide/table.py", await source.text());
    table = pyodide.pyimport("table").Table(seed, test);
    $("pass").addEventListener("click", () => act(() => table.pass_cards([...chosen].join(" "))));
    await runBots(); // the bots choose their passes
}

start().catch((error) => {
    console.error(error);
    $("status").textContent = `The page could not start: ${error.message || error}`;
    document.body.dataset.phase = "error";
    window.heartsError = String(error.message || error);
});
