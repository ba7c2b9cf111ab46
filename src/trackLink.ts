/**
 * The light page's start (track-link.html, served for `/t/<token>`): its own build, without
 * React (docs/decisions/018-light-tracking-link-page.md).
 */
import './ui/trackLink/trackLink.css';
import { startTrackLinkPage, tokenOf } from './ui/trackLink/page';

startTrackLinkPage(document.getElementById('main')!, tokenOf(location.pathname));
