// The overlay for OBS (docs/server.md §4): a shell of its own, with no header or background, that OBS's
// browser source lays over the video. live.js, which club.js loads (server/pages/browser/overlay.ts), fills it in.
import { scripts } from './html.ts';

export const OVERLAY_PAGE = `<!doctype html>
<html lang="en" class="overlay">
<head>
<meta charset="utf-8">
<title>Overlay</title>
<link rel="stylesheet" href="/club.css">
${scripts('overlay')}
</head>
<body data-page="overlay">
<section id="overlay" class="ov" aria-live="polite"></section>
</body>
</html>
`;
