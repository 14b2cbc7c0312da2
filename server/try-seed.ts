import { openTestDb } from './test/db.js';
