// The second half of the routes, fuzzed as the admin; the other half runs beside it in fuzz-admin-1.
import { fuzzAsAdmin } from '../support/fuzz/fuzz-admin';

fuzzAsAdmin({ k: 1, n: 2 });
