// Plays the hand of examples/browser/ in headless Chromium, as a person would, through
// playwright-core (tests/test_browser_example.py checks what it saw against CPython).
//
//   node browser_example.mjs URL CHROMIUM SCREENSHOT.png REPORT.json [REFUSED_URL ...]
//
// First, each REFUSED_URL (the page with a pyodide= or wheel= on another site) is opened,
// and the page's status noted once it has given up: the test checks it refused, visibly.
// Then URL (with ?test=1, so that the page's snapshot holds the game record): it picks three
// cards to pass, first pressing Pass with two of them (which the rules refuse); then, at each
// of its turns, clicks the cards of its hand from the left until one is accepted. For each
// press or click it notes the game record before it (the page's
// window.heartsSnapshot.record), what it tried, and the refusal the page showed, if any. It
// writes that log, the page's final snapshot, its errors and any request that left
// 127.0.0.1 (refused) as one JSON object to REPORT.json; it exits 1 if the page fails to
// start or stalls.

import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [url, executablePath, screenshotPath, reportPath, ...refusedURLs] = process.argv.slice(2);
const FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const TIMEOUT = 120_000;

const browser = await chromium.launch({ executablePath, headless: true, args: FLAGS });
const report = {
    log: [], errors: [], external: [], final: null, status: null, screenshot: false, refused: [],
};
try {
    const context = await browser.newContext({ viewport: { width: 980, height: 940 } });
    await context.route("**/*", (route) => {
        const address = new URL(route.request().url());
        if (address.hostname === "127.0.0.1") return route.continue();
        report.external.push(address.href);
        return route.abort();
    });
    // The addresses the page must refuse: it gives up (phase "error") and says why.
    for (const refusedURL of refusedURLs) {
        const page = await context.newPage();
        await page.goto(refusedURL);
        await page.waitForFunction(() => document.body.dataset.phase !== "loading", null, { timeout: TIMEOUT });
        report.refused.push({
            url: refusedURL,
            phase: await page.evaluate(() => document.body.dataset.phase),
            status: await page.locator("#status").textContent(),
        });
        await page.close();
    }

    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on("pageerror", (error) => report.errors.push(String(error)));
    page.on("console", (message) => {
        if (message.type() === "error") report.errors.push(message.text());
    });
    await page.goto(url);

    // Settled: started (or failed), no bot moving, and every click so far handled.
    const settled = (clicks) =>
        page.waitForFunction(
            (clicks) => {
                const data = document.body.dataset;
                return data.phase === "error" ||
                    (data.phase !== "loading" && data.busy === "0" && Number(data.clicks || 0) >= clicks);
            },
            clicks,
            { timeout: TIMEOUT },
        );
    const look = () =>
        page.evaluate(() => ({
            phase: document.body.dataset.phase,
            turn: document.body.dataset.turn,
            clicks: Number(document.body.dataset.clicks || 0),
            hand: [...document.querySelectorAll("#table g[data-card]")].map((group) => group.dataset.card),
            refusal: document.getElementById("refusal").textContent.trim() || null,
            record: window.heartsSnapshot ? window.heartsSnapshot.record : null,
            error: window.heartsError || null,
        }));
    // A click, at the part of the card left uncovered by the next one, and its handling.
    const click = async (selector) => {
        const before = await look();
        const position = selector.startsWith("#pass") ? undefined : { x: 6, y: 30 };
        await page.locator(selector).click({ position });
        await settled(before.clicks + 1);
        return look();
    };
    const card = (name) => `#table g[data-card="${name}"]`;

    await settled(0);
    let seen = await look();
    if (seen.phase === "error") throw new Error(`the page did not start: ${seen.error}`);
    if (seen.phase !== "pass" || seen.turn !== "you") throw new Error(`no pass to choose: ${JSON.stringify(seen)}`);

    // The pass: two cards (refused: three are passed), then a third.
    const [first, second, third] = seen.hand;
    await click(card(first));
    await click(card(second));
    let before = seen.record;
    seen = await click("#pass");
    report.log.push({ move: "pass", cards: [first, second], before, refusal: seen.refusal });
    await click(card(third));
    before = seen.record;
    seen = await click("#pass");
    report.log.push({ move: "pass", cards: [first, second, third], before, refusal: seen.refusal });

    let turns = 0;
    while (seen.phase !== "over") {
        if (report.log.length > 300) throw new Error("300 clicks, and the hand is not over");
        if (seen.phase === "error") throw new Error(`the page failed: ${seen.error}`);
        if (seen.turn !== "you") throw new Error(`the page stopped on the bots' turn: ${JSON.stringify(seen)}`);
        if (seen.phase !== "play") { // a choice (after a moon): the first one
            before = seen.record;
            seen = await click("#choices button");
            report.log.push({ move: "choice", before, refusal: seen.refusal });
            continue;
        }
        turns += 1;
        const hand = seen.hand;
        for (const name of hand) {
            before = seen.record;
            seen = await click(card(name));
            report.log.push({ move: "play", card: name, before, refusal: seen.refusal, held: hand.length, after: seen.hand });
            if (seen.refusal && !report.screenshot && turns >= 5) {
                await page.screenshot({ path: screenshotPath });
                report.screenshot = true;
            }
            if (!seen.refusal) {
                if (seen.hand.includes(name)) {
                    throw new Error(`${name} was neither refused (the page showed no sentence) nor played`);
                }
                break;
            }
        }
        if (seen.refusal) throw new Error(`every card of ${hand} was refused`);
    }
    report.final = await page.evaluate(() => window.heartsSnapshot);
    report.status = await page.locator("#status").textContent();
} catch (error) {
    report.failure = String((error && error.stack) || error);
} finally {
    await browser.close();
}
writeFileSync(reportPath, JSON.stringify(report, null, 1));
process.exitCode = report.failure ? 1 : 0;
