import { apiBaseUrl } from '@/config/api';

import { startSharePage } from './share-page';
import './share.css';

const root = document.getElementById('quote');
if (root) void startSharePage(root, window.location.pathname, apiBaseUrl);
