// The first third of the routes, fuzzed as the admin; the other thirds run beside it in fuzz-admin-2 and fuzz-admin-3.
import { fuzzAsAdmin } from '../support/fuzz/fuzz-admin';

fuzzAsAdmin({ k: 0, n: 3 });
