// The first half of the routes, fuzzed as the admin; the other half runs beside it in fuzz-admin-2.
import { fuzzAsAdmin } from '../support/fuzz/fuzz-admin';

fuzzAsAdmin({ k: 0, n: 2 });
