// Every node test (unit, contract, server): console errors and warnings fail the test that logs them.
import { guardTheConsole } from './console-guard.ts';

guardTheConsole();
