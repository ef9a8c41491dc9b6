// The last third of the routes, fuzzed as the admin; see fuzz-admin-1.
import { fuzzAsAdmin } from '../support/fuzz/fuzz-admin';

fuzzAsAdmin({ k: 2, n: 3 });
