import { createHash } from 'node:crypto';

export const CONSOLE_PATH = '/console';

/** Bare module names the console's modules import, mapped to the files the api serves. */
const IMPORT_MAP = JSON.stringify({
  imports: {
    preact: `${CONSOLE_PATH}/vendor/preact.mjs`,
    'preact/hooks': `${CONSOLE_PATH}/vendor/hooks.mjs`,
    htm: `${CONSOLE_PATH}/vendor/htm.mjs`,
    'eventsource-parser/stream': `${CONSOLE_PATH}/vendor/eventsource-parser/stream.js`,
  },
});

/** The console's HTML page: its import map inline (allowed by hash), everything else served here. */
export const CONSOLE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>hv-orchestrator console</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${CONSOLE_PATH}/assets/console.css">
  <script type="importmap">${IMPORT_MAP}</script>
  <script type="module" src="${CONSOLE_PATH}/assets/app.js"></script>
</head>
<body>
  <div id="console">Loading…</div>
</body>
</html>
`;

const importMapHash = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`;

/**
 * The page loads only the service's own files and talks only to it (management nodes are
 * air-gapped, and an operator's page must not run anything injected): no inline script but the
 * import map, no inline style, no frames, no forms posting elsewhere.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  `script-src 'self' ${importMapHash}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
