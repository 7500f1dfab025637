import type { Browser, Page } from '@playwright/test'

/**
 * The key press's floor (BENCH_TABLET_PARTS=…,floor): the same edit with none of the app's code. The
 * admin's Line Management page is copied as it stands — its DOM and its stylesheets, scripts left
 * out — into a page of its own, and a few lines of plain DOM do what the app does on screen: a press
 * on a cell's button puts the app's own editor markup in its place, and Enter puts the button back
 * with the typed value and the row's "Saving" mark. Timed by the same driver, at the same CPU
 * throttling, the operator's page still open beside it. What the app adds on top is React, React
 * Spectrum, the intent, the outbox and the live reads.
 */
export async function openKeyPressFloor(
  browser: Browser,
  app: Page,
  base: string,
  column: string,
  line: string,
): Promise<Page> {
  const templates = await captureTemplates(app, column, line)
  const html = await app.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement
    copy.querySelectorAll('script, link[rel=modulepreload]').forEach((s) => s.remove())
    return `<!doctype html>${copy.outerHTML}`
  })
  const script = `<script>(${FLOOR_SCRIPT})(${JSON.stringify(templates).replace(/</g, '\\u003c')})</script>`
  // No service worker: it would answer the made-up address with the app's own index.html.
  const context = await browser.newContext({
    baseURL: base,
    viewport: app.viewportSize() ?? { width: 1024, height: 768 },
    serviceWorkers: 'block',
  })
  await context.route('**/__key-press-floor', (route) =>
    route.fulfill({ body: html.replace('</body>', `${script}</body>`), contentType: 'text/html' }),
  )
  const page = await context.newPage()
  await page.goto('/__key-press-floor')
  await page.waitForLoadState('load')
  return page
}

interface Templates {
  readonly column: string
  readonly line: string
  readonly value: string
  /** The cell's markup showing its button, and while its editor is open. */
  readonly button: string
  readonly editor: string
  /** The row's "Saving" mark as the app draws it. */
  readonly mark: string
}

/** The app's own markup for one line's cell, both ways, and its row mark, from the live page. */
async function captureTemplates(app: Page, column: string, line: string): Promise<Templates> {
  const cell = app.locator(`button[aria-label^="${column} for ${line}:"]`)
  const input = app.locator(`input[aria-label="${column} for ${line}"]`)
  const label = (await cell.getAttribute('aria-label')) ?? ''
  const value = /: (\d+)\./.exec(label)?.[1]
  if (value === undefined) throw new Error(`key press floor: no value in '${label}'`)
  const button = await cell.evaluate((b) => b.closest('td')!.innerHTML)
  await cell.click()
  const editor = await input.evaluate((i) => i.closest('td')!.innerHTML)
  await input.fill(String(Number(value) + 1))
  // The "Saving" mark as the edit's own frame draws it, caught as it is added (it turns "Pending"
  // and then goes once the server answers, which can be before a locator looks).
  await app.evaluate(() => {
    const w = window as unknown as { __qmSavingMark?: Promise<string> }
    w.__qmSavingMark = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const mark = document.querySelector('[data-testid="saving-mark"]')
        if (!mark) return
        observer.disconnect()
        resolve(mark.outerHTML)
      })
      observer.observe(document.body, { subtree: true, childList: true })
    })
  })
  await app.keyboard.press('Enter')
  const mark = await app.evaluate(
    () => (window as unknown as { __qmSavingMark: Promise<string> }).__qmSavingMark,
  )
  return { column, line, value, button, editor, mark }
}

/**
 * The floor page's only script, as text (evaluated in the page, so no bundler helpers): the cell
 * swap in plain DOM, with the app's markup filled in for the pressed line and the typed value.
 */
const FLOOR_SCRIPT = `function (t) {
  function esc(s) { return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;') }
  function fill(html, line, value) {
    return html.split(esc(t.line)).join(esc(line))
      .split('>' + t.value + '<').join('>' + value + '<')
      .split(': ' + t.value + '.').join(': ' + value + '.')
  }
  document.addEventListener('click', function (e) {
    var b = e.target.closest('button[aria-label^="' + t.column + ' for "]')
    if (!b) return
    var m = /for (.*): (\\d+)\\./.exec(b.getAttribute('aria-label'))
    var td = b.closest('td')
    td.innerHTML = fill(t.editor, m[1], m[2])
    var input = td.querySelector('input')
    input.value = m[2]
    input.focus()
    input.addEventListener('keydown', function (k) {
      if (k.key !== 'Enter') return
      td.innerHTML = fill(t.button, m[1], input.value)
      var row = td.closest('tr')
      // As the app does: a row's mark shown, or its room kept from an earlier edit, or a new one.
      if (!row.querySelector('[data-testid$="-mark"]')) {
        var kept = row.querySelector('.qm-pending-mark')
        if (kept) kept.outerHTML = t.mark
        else row.cells[0].firstElementChild.insertAdjacentHTML('beforeend', t.mark)
      }
    })
  })
}`
